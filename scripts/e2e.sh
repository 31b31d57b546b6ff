#!/usr/bin/env bash
# `npm run test:e2e`: builds the web app and checks its entry size, runs Playwright against fresh data
# directories (one server per worker, decision 039), then runs `npm run audit:payments` on each database the
# suite left behind (issue 16: no charge without its paid order, no refund above what was paid, ledgers that
# add up), and removes them. Extra arguments go to Playwright (`npm run test:e2e -- e2e/cart.spec.ts`).
set -uo pipefail
cd "$(dirname "$0")/.."

# E2E runs on its own embedded databases: a DATABASE_URL meant for the API suite (CI sets one) must not reach
# the servers Playwright starts.
unset DATABASE_URL
npm run build || exit $?
npm run --silent check:entry-size || exit $?
data_dir="$(mktemp -d /tmp/mandado-e2e-XXXXXX)"
mail_dir="$(mktemp -d /tmp/mandado-e2e-mail-XXXXXX)"
trap 'rm -rf "$data_dir" "$mail_dir"' EXIT

MANDADO_E2E_DATA_DIR="$data_dir" MANDADO_E2E_MAIL_DIR="$mail_dir" npx playwright test "$@"
rc=$?
# Each server's database is audited, the audits side by side (each opens its own folder).
audit_pids=()
for server_dir in "$data_dir"/server-*; do
  [ -d "$server_dir" ] || continue
  (
    # Playwright has asked the server to stop (SIGTERM); wait until it has released the embedded database's
    # lock (DATA_DIR/pglite.lock, removed on exit) or its process is gone, before the audit opens the folder.
    lock="$server_dir/pglite.lock"
    for _ in $(seq 1 60); do
      [ -e "$lock" ] || break
      pid="$(sed -n 's/.*"pid":\([0-9]*\).*/\1/p' "$lock" 2>/dev/null)"
      [ -n "$pid" ] && ! kill -0 "$pid" 2>/dev/null && break
      sleep 0.5
    done
    result="$(DATA_DIR="$server_dir" npm run --silent audit:payments 2>&1)"
    status=$?
    echo "== payments audit of the data the E2E suite left on $(basename "$server_dir"): $result"
    exit "$status"
  ) &
  audit_pids+=("$!")
done
for audit_pid in "${audit_pids[@]}"; do
  wait "$audit_pid" || rc=$((rc == 0 ? 1 : rc))
done
exit "$rc"
