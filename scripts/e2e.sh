#!/usr/bin/env bash
# `npm run test:e2e`: builds the web app, runs Playwright against a fresh data directory, then runs
# `npm run audit:payments` on the database the suite left behind (issue 16: no charge without its paid order,
# no refund above what was paid, ledgers that add up), and removes the directory. Extra arguments go to
# Playwright (`npm run test:e2e -- e2e/cart.spec.ts`).
set -uo pipefail
cd "$(dirname "$0")/.."

# E2E runs on its own embedded database: a DATABASE_URL meant for the API suite (CI sets one) must not reach the
# server Playwright starts.
unset DATABASE_URL
npm run build || exit $?
data_dir="$(mktemp -d /tmp/mandado-e2e-XXXXXX)"
mail_dir="$(mktemp -d /tmp/mandado-e2e-mail-XXXXXX)"
trap 'rm -rf "$data_dir" "$mail_dir"' EXIT

MANDADO_E2E_DATA_DIR="$data_dir" MANDADO_E2E_MAIL_DIR="$mail_dir" npx playwright test "$@"
rc=$?
# Playwright has asked the server to stop; wait (up to 60 s) until it has released the embedded database's lock
# (DATA_DIR/pglite.lock, removed on exit) before the audit opens the same folder.
for _ in $(seq 1 120); do
  [ -e "$data_dir/pglite.lock" ] || break
  sleep 0.5
done
echo "== payments audit of the data the E2E suite left"
DATA_DIR="$data_dir" npm run --silent audit:payments || rc=$((rc == 0 ? 1 : rc))
exit "$rc"
