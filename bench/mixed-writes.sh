#!/usr/bin/env bash
# Mixed write load against a running dev stack: e2e-tests' MixedWritesLoadE2ETest (16 clients opening change
# requests, writing a page into each, commenting and merging, alternately in one shared space and in their own,
# with space comments and renames of the shared space in between) for DURATION seconds, then its checks (no
# answer >= 500, every merged page in main, Space counters equal to the lists). Prints the test's summary line:
# requests, answers by status, merges, req/s.
#
#   ./platform up && bench/mixed-writes.sh          # 60 s
#   bench/mixed-writes.sh 300                       # 5 minutes
#
# Env: GATEWAY (http://127.0.0.1:$BINDERY_GATEWAY_PORT, default port 8080), TOKEN_FILE ($BINDERY_STATE_DIR or
# $BINDERY_HOME/admin-token), BINDERY_KAFKA_PORT (9092), BINDERY_BUILD_LOCK (/tmp/bindery-build.lock: Maven runs
# under it, so the run waits for a build in progress), JAVA_HOME (temurin 25 when unset), MVN_OFFLINE (1: -o).
# Exits non-zero when the platform is not up or the test fails (the summary is printed either way).
set -euo pipefail
BENCH=mixed-writes.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
DURATION="${1:-60}"
[[ $DURATION =~ ^[1-9][0-9]*$ ]] || { echo "usage: bench/mixed-writes.sh [SECONDS]" >&2; exit 2; }
LOCK="${BINDERY_BUILD_LOCK:-/tmp/bindery-build.lock}"
if [[ -z ${JAVA_HOME:-} && -d /usr/lib/jvm/temurin-25-jdk-amd64 ]]; then export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64; fi
bench_login

offline=(-o)
[[ ${MVN_OFFLINE:-1} == 1 ]] || offline=()
LOG="$(mktemp -t mixed-writes.XXXXXX.log)"
echo "mixed-writes: ${DURATION}s against $GATEWAY (Maven output in $LOG; waits for $LOCK)"
rc=0
BINDERY_E2E_GATEWAY="$GATEWAY" \
BINDERY_E2E_ADMIN_TOKEN_FILE="$TOKEN_FILE" \
BINDERY_KAFKA_BOOTSTRAP="127.0.0.1:${BINDERY_KAFKA_PORT:-9092}" \
BINDERY_E2E_LOAD_SECONDS="$DURATION" \
  flock "$LOCK" ./mvnw -B "${offline[@]}" verify -pl e2e-tests -Pe2e -Dtest=MixedWritesLoadE2ETest \
    -Dsurefire.failIfNoSpecifiedTests=false >"$LOG" 2>&1 || rc=$?

summary=$(grep -h -o '\[MixedWritesLoad\].*' "$LOG" e2e-tests/target/surefire-reports/*MixedWritesLoadE2ETest*-output.txt 2>/dev/null | tail -n1 || true)
if [[ -n $summary ]]; then echo "$summary"; else echo "mixed-writes: no summary line (see $LOG)"; fi
if ((rc != 0)); then
  grep -E 'Tests run:|FAIL|AssertionFailed|expected' "$LOG" | head -n 20 >&2 || true
  echo "mixed-writes: FAILED (exit $rc, log $LOG)" >&2
fi
exit "$rc"
