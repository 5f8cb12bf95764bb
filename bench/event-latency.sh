#!/usr/bin/env bash
# Event latency at rest (issue 29): how long an event takes through the outbox relay, Kafka and a consumer on an idle
# stack. openapi-service processes an uploaded spec on its own topic (outbox -> bindery.openapi.events -> its
# ProcessingConsumer), so the time from `PUT .../openapi/{slug}` to `processingState: complete` of a tiny spec is that
# round trip plus a few ms of fetching and parsing. RUNS uploads, PAUSE seconds apart (so each meets idle consumers,
# not ones woken by the last), then min / median / max. Long fetch waits and heartbeats must not show here.
#
#   bench/event-latency.sh
#   BINDERY_STATE_DIR=... BINDERY_GATEWAY_PORT=... RUNS=10 PAUSE=7 bench/event-latency.sh
#
# Env: GATEWAY, TOKEN_FILE (see lib.sh), RUNS (10), PAUSE (7).
set -euo pipefail
export LC_ALL=C
BENCH=event-latency.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
RUNS="${RUNS:-10}"
PAUSE="${PAUSE:-7}"
need jq "(apt-get install jq)"
need python3 "(apt-get install python3)"
bench_login
WORK="$(mktemp -d)"
server_pid=
trap '[[ -z $server_pid ]] || kill "$server_pid" 2>/dev/null; rm -rf "$WORK"' EXIT
mkdir -p "$WORK/www"
for ((i = 0; i <= RUNS; i++)); do
  printf '{"openapi":"3.0.3","info":{"title":"latency","version":"%d"},"paths":{"/p%d":{"get":{"responses":{"200":{"description":"ok"}}}}}}\n' \
    "$i" "$i" >"$WORK/www/s$i.json"
done
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$WORK/www" >/dev/null 2>&1 &
server_pid=$!
for _ in $(seq 50); do curl -sf -o /dev/null "http://127.0.0.1:$port/s0.json" && break; sleep 0.1; done
org=$(call POST "$GATEWAY/v1/orgs" "$(jq -nc --arg t "Event latency $(date -u +%FT%TZ)" '{title: $t}')" | jq -r .id)
base="$GATEWAY/v1/orgs/$org/openapi"
slug="latency-$(date +%s)"
# wait PUT|POST N: seconds from the upload of spec N to its processing complete
upload() {
  local start state
  start=$EPOCHREALTIME
  if [[ $1 == POST ]]; then
    call POST "$base" "$(jq -nc --arg s "$slug" --arg u "http://127.0.0.1:$port/s$2.json" '{slug: $s, source: {url: $u}}')" >/dev/null
  else
    call PUT "$base/$slug" "$(jq -nc --arg u "http://127.0.0.1:$port/s$2.json" '{source: {url: $u}}')" >/dev/null
  fi
  while true; do
    state=$(call GET "$base/$slug" | jq -r .processingState)
    [[ $state == complete ]] && break
    [[ $(seconds_since "$start" | cut -d. -f1) -lt 60 ]] || die "spec $2 not processed within 60 s (state $state)"
    sleep 0.02
  done
  seconds_since "$start"
}
echo "event latency (upload -> processed) on $GATEWAY, load average $(cut -d' ' -f1-3 /proc/loadavg)"
upload POST 0 >/dev/null # the first one warms the path
times=()
for ((i = 1; i <= RUNS; i++)); do
  sleep "$PAUSE"
  times+=("$(upload PUT "$i")")
done
printf '%s\n' "${times[@]}" | sort -n | awk -v runs="$RUNS" '{a[NR] = $1} END {
  printf "  %d uploads: min %.3f s, median %.3f s, max %.3f s\n", runs, a[1], (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2), a[NR] }'
echo "  all: ${times[*]}"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
