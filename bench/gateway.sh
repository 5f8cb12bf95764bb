#!/usr/bin/env bash
# Gateway benchmark: GET /v1/user straight to identity-service and through the gateway, with wrk
# (-t1 -c32, after a warm-up), then the RSS of every process at rest. Prints figures; asserts nothing.
#
#   ./platform up && bench/gateway.sh            # defaults: 30 s warm-up, 30 s measurement
#   WARMUP=10 DURATION=15 bench/gateway.sh
#
# Targets (issue 2): through the gateway >= 9000 req/s with p99 < 20 ms; every process < 250 MB RSS.
set -euo pipefail
BENCH=gateway.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
IDENTITY="http://127.0.0.1:${BINDERY_IDENTITY_PORT:-8081}"
WARMUP="${WARMUP:-30}"
DURATION="${DURATION:-30}"
CONNECTIONS="${CONNECTIONS:-32}"

if ! command -v wrk >/dev/null; then
  if [[ $EUID -eq 0 ]]; then
    apt-get install -y -qq wrk >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
  else
    echo "wrk is needed: sudo apt-get install wrk" >&2; exit 1
  fi
fi
bench_login

run() { # name url
  local name=$1 url=$2 out
  wrk -t1 -c"$CONNECTIONS" -d"${WARMUP}s" -H "Authorization: Bearer $TOKEN" "$url" >/dev/null
  out=$(wrk -t1 -c"$CONNECTIONS" -d"${DURATION}s" --latency -H "Authorization: Bearer $TOKEN" "$url")
  local rps p50 p99 errors
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1=="50%" {print $2}' <<<"$out")
  p99=$(awk '$1=="99%" {print $2}' <<<"$out")
  errors=$(grep -E "Non-2xx|Socket errors" <<<"$out" | tr '\n' ' ' || true)
  printf '%-34s %10s req/s   p50 %-9s p99 %-9s %s\n' "$name" "$rps" "$p50" "$p99" "${errors:-no errors}"
}

echo "wrk -t1 -c$CONNECTIONS, ${WARMUP}s warm-up, ${DURATION}s measured, GET /v1/user (one row read by id)"
run "identity-service direct" "$IDENTITY/v1/user"
run "through the gateway" "$GATEWAY/v1/user"
sleep 5
echo
echo "RSS at rest:"
"$ROOT/platform" status
