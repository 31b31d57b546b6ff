#!/usr/bin/env bash
# `npm test` (decision 035): unit, API and E2E tests.
# - Without DATABASE_URL: one after the other, the whole API suite on the embedded database (PGlite).
# - With DATABASE_URL (CI): two lanes, one per core: lane 1 runs unit tests, the engine-sensitive API files on
#   PGlite and the whole API suite on that PostgreSQL; lane 2 builds and runs E2E. Lane 1's output is printed
#   after E2E ends, so neither is interleaved.
set -euo pipefail
cd "$(dirname "$0")/.."

# `phase NAME command…`: runs a step and prints how long it took and the load (the figures decision 035 compares).
phase() {
  local name="$1" t0 rc
  shift
  t0=$(date +%s)
  echo "== $name"
  "$@" && rc=0 || rc=$?
  echo "== $name: $(($(date +%s) - t0)) s, exit $rc (load $(cut -d' ' -f1-3 /proc/loadavg))"
  return "$rc"
}

if [ -z "${DATABASE_URL:-}" ]; then
  phase "unit tests" npm run test:unit
  phase "API suite on PGlite" npm run test:api
  phase "E2E (build, desktop + phone, payments audit)" npm run test:e2e
  exit 0
fi

lane_log="$(mktemp /tmp/mandado-test-lane1.XXXXXX)"
e2e_log="$(mktemp /tmp/mandado-test-e2e.XXXXXX)"
lane_pid=""
cleanup() {
  [ -n "$lane_pid" ] && kill "$lane_pid" 2>/dev/null || true
  rm -f "$lane_log" "$e2e_log"
}
trap cleanup EXIT

# Lane 1 yields to E2E: Chromium, the server and Playwright poll against timeouts and need about one and a half
# cores, while the API suites only take longer. So lane 1 runs at low priority. The PostgreSQL suite, its last
# and longest step, has two Vitest workers: beside E2E they share what is left of the CPU, and once E2E has
# ended (it usually does first) they use both cores instead of leaving one idle.
lane1() {
  phase "unit tests" nice -n 15 npm run test:unit &&
    phase "API, engine-sensitive files on PGlite" nice -n 15 npm run test:api:engine -- --maxWorkers=1 &&
    phase "API, whole suite on PostgreSQL" nice -n 15 npm run test:api -- --maxWorkers=2
}
lane1 >"$lane_log" 2>&1 &
lane_pid=$!

e2e_rc=0
phase "E2E (build, desktop + phone, payments audit)" npm run test:e2e 2>&1 | tee "$e2e_log" || e2e_rc=$?

lane_rc=0
wait "$lane_pid" || lane_rc=$?
lane_pid=""
echo "== lane 1 (unit, API on PGlite and PostgreSQL), run beside E2E:"
cat "$lane_log"
# A CI log is often read from its end: what failed in E2E is repeated there, after lane 1's long output.
if [ "$e2e_rc" -ne 0 ]; then
  echo "== E2E failed; its failures and summary again:"
  grep -E -A14 '^  [0-9]+\) \[' "$e2e_log" | head -n 120 || true
  sed -n -E '/^  [0-9]+ (failed|flaky|interrupted|did not run)/,$p' "$e2e_log" | head -n 40 || true
  grep -E '^== (payments audit|.*entry)' "$e2e_log" || true
fi
echo "== npm test: E2E exit $e2e_rc, lane 1 exit $lane_rc"
[ "$e2e_rc" -eq 0 ] && [ "$lane_rc" -eq 0 ]
