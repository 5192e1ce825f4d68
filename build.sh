#!/usr/bin/env bash
# feedlab build script.
#   ./build.sh          build everything: frontend bundle, sqlc check, static binary ./feedlab
#   ./build.sh run      build, then serve (extra arguments go to 'feedlab serve')
#   ./build.sh test     build, then run every test: Go, frontend unit, browser end-to-end
set -euo pipefail
cd "$(dirname "$0")"

SQLC_VERSION=v1.31.1
MAX_BINARY_MB=36

# step names what runs next and how long the script has been running (SECONDS), so a slow
# step shows in the log.
step() { printf '\n==> %s [%ds]\n' "$*" "$SECONDS"; }

frontend_deps() {
  # npm ci wipes node_modules; skip it when the installed tree matches the lock file.
  if [ ! -f frontend/node_modules/.package-lock.json ] || [ frontend/package-lock.json -nt frontend/node_modules/.package-lock.json ]; then
    step "Installing frontend dependencies (npm ci)"
    (cd frontend && npm ci --no-audit --no-fund)
  fi
}

sqlc_check() {
  step "Checking the generated query code is up to date (sqlc diff)"
  local sqlc="go run github.com/sqlc-dev/sqlc/cmd/sqlc@${SQLC_VERSION}"
  if command -v sqlc >/dev/null 2>&1 && sqlc version 2>/dev/null | grep -q "${SQLC_VERSION}"; then
    sqlc=sqlc
  fi
  if ! (cd queries && $sqlc diff); then
    echo "store/db is stale: run 'cd queries && sqlc generate' (sqlc ${SQLC_VERSION}) and commit the result." >&2
    exit 1
  fi
}

registry_check() {
  step "Checking the generated TypeScript registry is up to date (tools/genregistry)"
  local fresh
  fresh=$(mktemp)
  go run ./tools/genregistry -o - >"$fresh"
  if ! diff -u frontend/src/generated/registry.ts "$fresh" >&2; then
    rm -f "$fresh"
    echo "frontend/src/generated/registry.ts is stale: a Go table changed; run 'go generate ./frontend' and commit the result." >&2
    exit 1
  fi
  rm -f "$fresh"
}

build() {
  frontend_deps
  registry_check
  step "Bundling the frontend (esbuild)"
  (cd frontend && node build.mjs)
  sqlc_check
  local version
  version=$(git describe --tags --always --dirty 2>/dev/null || echo dev)
  step "Building the static binary ./feedlab (${version})"
  CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X feedlab/cli.version=${version}" -o feedlab .
  local bytes
  bytes=$(stat -c %s feedlab)
  echo "feedlab: $((bytes / 1024 / 1024)) MB ($bytes bytes), budget ${MAX_BINARY_MB} MB"
  if [ "$bytes" -gt $((MAX_BINARY_MB * 1024 * 1024)) ]; then
    echo "the binary is over its ${MAX_BINARY_MB} MB budget" >&2
    exit 1
  fi
}

# run_tests runs Go vet and the throughput tests first, then everything else at once: the
# rest of the Go tests and the frontend's type check and unit tests in the background,
# beside the browser tests, which wait on pages, polls and the servers' timers between
# bursts of work: the other tests fill those gaps (the cores are busy ~90 % of the run).
# The background steps' output is kept in files and printed after the browser tests; a
# failure of any step fails the run and says which.
run_tests() {
  local logs go_pid unit_pid go_status=0 unit_status=0 e2e_status=0 passed
  # The cli tests that measure how much of the machine the server keeps for its
  # participants while one of them (or a script, or a sign-in flood) attacks it: they need
  # the machine to themselves, so they run alone before anything else starts.
  local throughput='^(TestServeContainsOneParticipantsFlood|TestServeKnownBrowserSignsInDuringAFlood|TestServeScriptStallAttack)$'
  step "Go vet"
  go vet ./...
  logs=$(mktemp -d)
  step "Go throughput tests, alone (cli)"
  go test -count=1 -v -run "$throughput" ./cli | tee "$logs/throughput" | grep -v '^=== '
  # A renamed test would otherwise silently run nowhere: -run and -skip match no test.
  passed=$(grep -c '^--- PASS: ' "$logs/throughput" || true)
  if [ "$passed" -ne 3 ]; then
    echo "expected the 3 throughput tests named in run_tests (build.sh) to pass, $passed did: was one renamed?" >&2
    exit 1
  fi
  step "Go tests without the throughput tests, and the frontend type check and unit tests (in the background; their output follows the browser tests)"
  # Each says when it ended, to show whether it held up the browser tests.
  (go test -count=1 -skip "$throughput" ./... && echo "(ended at ${SECONDS}s)") >"$logs/go" 2>&1 &
  go_pid=$!
  (cd frontend && npm run --silent typecheck && npm test --silent && echo "(ended at ${SECONDS}s)") >"$logs/unit" 2>&1 &
  unit_pid=$!
  # An interrupted run (Ctrl-C, a failed step) must not leave the background tests running:
  # the subshells' children (go test, npm) first, then the subshells. (The pids are
  # expanded now: the function's locals are gone when the trap runs.)
  trap "pkill -P $go_pid 2>/dev/null; pkill -P $unit_pid 2>/dev/null; kill $go_pid $unit_pid 2>/dev/null || true" EXIT
  local browser=${CHROMIUM_PATH:-/usr/bin/chromium}
  if [ -z "${CHROMIUM_PATH:-}" ] && [ -x /usr/bin/chromium-headless-shell ]; then browser=/usr/bin/chromium-headless-shell; fi
  step "Browser tests (Playwright, system Chromium at ${browser})"
  (cd frontend && npm run --silent e2e) || e2e_status=$?
  wait "$go_pid" || go_status=$?
  wait "$unit_pid" || unit_status=$?
  trap - EXIT
  step "Go tests: their output"
  cat "$logs/go"
  step "Frontend type check and unit tests: their output"
  cat "$logs/unit"
  rm -rf "$logs"
  [ "$go_status" -eq 0 ] || echo "Go tests failed (exit $go_status)" >&2
  [ "$e2e_status" -eq 0 ] || echo "browser tests failed (exit $e2e_status)" >&2
  [ "$unit_status" -eq 0 ] || echo "frontend type check or unit tests failed (exit $unit_status)" >&2
  if [ "$go_status" -ne 0 ] || [ "$e2e_status" -ne 0 ] || [ "$unit_status" -ne 0 ]; then exit 1; fi
  step "All tests passed"
}

case "${1:-build}" in
  build) build ;;
  run) shift; build; exec ./feedlab serve "$@" ;;
  test) build; run_tests ;;
  *) echo "usage: ./build.sh [run|test]" >&2; exit 2 ;;
esac
