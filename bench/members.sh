#!/usr/bin/env bash
# Members-list benchmark: an organization with 1000 members (seeded through the API with e-mail
# invites), then `GET /v1/orgs/{o}/members?limit=100` through the gateway with wrk. Prints latency
# percentiles for one client (-c1: plain latency) and for eight concurrent ones; asserts nothing.
#
#   ./platform up && bench/members.sh                 # DURATION=20 MEMBERS=1000 by default
set -euo pipefail
BENCH=members.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
DURATION="${DURATION:-20}"
MEMBERS="${MEMBERS:-1000}"
need wrk "(apt-get install wrk)"
bench_login
auth=(-H "Authorization: Bearer $TOKEN" -H "Content-Type: application/json")

org=$(curl -fsS "${auth[@]}" -d '{"title":"Members benchmark"}' "$GATEWAY/v1/orgs" | sed -E 's/.*"id":"([^"]+)".*/\1/;q')
run=$(date +%s)
for ((from = 0; from < MEMBERS - 1; from += 50)); do
  emails=$(for ((i = from; i < from + 50 && i < MEMBERS - 1; i++)); do printf '"m%s-%s@bench.example.com",' "$run" "$i"; done)
  curl -fsS -o /dev/null "${auth[@]}" -d "{\"emails\":[${emails%,}],\"role\":\"read\"}" "$GATEWAY/v1/orgs/$org/invites"
done
count=$(curl -fsS "${auth[@]}" "$GATEWAY/v1/orgs/$org/members?limit=1" | sed -E 's/.*"count":([0-9]+).*/\1/')
url="$GATEWAY/v1/orgs/$org/members?limit=100"
echo "organization $org with $count members; GET /v1/orgs/{o}/members?limit=100 through the gateway"
wrk -t1 -c1 -d5s -H "Authorization: Bearer $TOKEN" "$url" >/dev/null # warm-up
for c in 1 8; do
  out=$(wrk -t1 -c"$c" -d"${DURATION}s" --latency -H "Authorization: Bearer $TOKEN" "$url")
  printf 'wrk -t1 -c%-2s %8s req/s   p50 %-8s p90 %-8s p99 %-8s\n' "$c" \
    "$(awk '/Requests\/sec/ {print $2}' <<<"$out")" "$(awk '$1=="50%" {print $2}' <<<"$out")" \
    "$(awk '$1=="90%" {print $2}' <<<"$out")" "$(awk '$1=="99%" {print $2}' <<<"$out")"
done
