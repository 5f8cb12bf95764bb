#!/usr/bin/env bash
# Warm-up of JVM option variants side by side (issue 29): bench/warmup.sh for each variant in turn, ROUNDS times
# alternating, each variant's options appended to the service's (BINDERY_JAVA_OPTS_EXTRA), and the service's RSS after.
# '' is the variant of today's options. Needs the same variables as bench/warmup.sh (the stack's ports, ORG, ...).
#
#   ORG=<org with spaces> bench/warmup-variants.sh '' '-XX:CompileThresholdScaling=0.25' '-XX:CompileThresholdScaling=0.1'
#
# The service keeps the last variant's options: put '' last, or restart it after.
# Env: ROUNDS (2), TOTAL (90), SVC (content-service), and bench/warmup.sh's.
set -euo pipefail
BENCH=warmup-variants.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ROUNDS="${ROUNDS:-2}"
export TOTAL="${TOTAL:-90}" SVC="${SVC:-content-service}"
(($#)) || die "name the variants (JVM options; '' for none)"
for ((round = 1; round <= ROUNDS; round++)); do
  for v in "$@"; do
    echo "### round $round, variant '${v:-today}'"
    BINDERY_JAVA_OPTS_EXTRA="$v" "$ROOT/bench/warmup.sh"
    echo "RSS after: $(awk '/VmRSS/ {print int($2 / 1024) " MB"}' "/proc/$(tr -dc '0-9' <"$STATE_DIR/pids/$SVC.pid")/status")"
  done
done
