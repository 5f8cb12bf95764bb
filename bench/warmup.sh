#!/usr/bin/env bash
# Warm-up curve (issue 29): restarts one service of a running stack and prints GET /v1/spaces/{id} through the gateway
# (wrk -t1 -c32, back-to-back SLICE-second runs) as req/s per slice, timed from the moment the service was started.
#
#   eval "$(sed -n 's/^export //p' ...)"   # or set the stack's variables as /work/tools/stack.sh does, then:
#   BINDERY_STATE_DIR=.stack-perf BINDERY_DB=bindery_perf BINDERY_GATEWAY_PORT=19300 ... ORG=<org with spaces> bench/warmup.sh
#
# The service is stopped by its recorded pid and started again by `./platform services-up` (the same JVM options
# and AOT cache a normal start uses), so the variables of the stack (ports, BINDERY_STATE_DIR, BINDERY_DB) must be set.
# Env: SVC (content-service), ORG (required: an organization with spaces), SLICE (5), TOTAL (60), GATEWAY, TOKEN_FILE.
set -euo pipefail
BENCH=warmup.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
SVC="${SVC:-content-service}"
SLICE="${SLICE:-5}"
TOTAL="${TOTAL:-60}"
: "${ORG:?set ORG to an organization with spaces (bench/side-by-side.sh prints one)}"
need wrk "(apt-get install wrk)"
bench_login
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
mapfile -t ids < <(call GET "$GATEWAY/v1/orgs/$ORG/spaces?limit=100" | jq -r '.items[].id')
{ printf 'local ids = {'; printf '"%s",' "${ids[@]}"; printf '}\nlocal i = 0\n'
  printf 'wrk.headers["Authorization"] = "Bearer %s"\n' "$TOKEN"
  printf 'request = function()\n  i = i %% #ids + 1\n  return wrk.format("GET", "/v1/spaces/" .. ids[i])\nend\n'; } >"$WORK/ids.lua"
pid=$(tr -dc '0-9' <"$STATE_DIR/pids/$SVC.pid")
kill "$pid"
while [[ -r /proc/$pid/stat ]]; do sleep 0.2; done
t0=$EPOCHREALTIME
"$ROOT/platform" services-up >"$WORK/up.log" 2>&1 &
until [[ $(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $TOKEN" "$GATEWAY/v1/spaces/${ids[0]}") == 200 ]]; do sleep 0.1; done
echo "$SVC restarted: first 200 after $(seconds_since "$t0") s ($(tr '\0' ' ' <"/proc/$(tr -dc '0-9' <"$STATE_DIR/pids/$SVC.pid")/cmdline" | grep -o 'AOTCache\|AOTMode=record' | head -n1 || echo 'no AOT cache')); load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%8s %10s\n' "t (s)" "req/s"
while (($(awk -v a="$t0" -v b="$EPOCHREALTIME" -v t="$TOTAL" 'BEGIN {print (b - a < t)}'))); do
  at=$(seconds_since "$t0")
  printf '%8s %10s\n' "$at" "$(wrk -t1 -c32 -d"${SLICE}s" -s "$WORK/ids.lua" "$GATEWAY" | awk '/Requests\/sec/ {print $2}')"
done
wait
