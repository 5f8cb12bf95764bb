#!/usr/bin/env bash
# Published-site benchmark (issue 15): GET /v1/orgs/{o}/sites/{s}/published through the gateway for a site of
# SECTIONS sections x SPACES site spaces (the same SPACES spaces in every section), half of the sections and half
# of each section's site spaces with a CEL condition on a visitor claim (visitor.claims.unsigned.plan == "pro"),
# after a WARMUP: wrk -t1 -cCONNECTIONS for DURATION, as a visitor with plan=pro (everything shown) and with
# plan=free (half the sections, half their site spaces). Prints req/s, p50 and p99 of each, and the RSS of
# sites-service and the gateway.
#
#   ./platform up && bench/published.sh
#   SECTIONS=10 DURATION=5s bench/published.sh
#
# Env: GATEWAY, TOKEN_FILE (see lib.sh), SECTIONS (50), SPACES (10), CONNECTIONS (4), DURATION (15s), WARMUP (5s).
# Target (issue 15): p50 < 20 ms.
set -euo pipefail
export LC_ALL=C
BENCH=published.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
SECTIONS="${SECTIONS:-50}"
SPACES="${SPACES:-10}"
CONNECTIONS="${CONNECTIONS:-4}"
DURATION="${DURATION:-15s}"
WARMUP="${WARMUP:-5s}"
need wrk "(apt-get install wrk)"
need jq "(apt-get install jq)"
bench_login
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

org=$(call POST "$GATEWAY/v1/orgs" "$(jq -nc --arg t "Published bench $(date -u +%FT%TZ)" '{title: $t}')" | jq -r .id)
site=$(call POST "$GATEWAY/v1/orgs/$org/sites" '{"title":"Published bench"}' | jq -r .id)
base="$GATEWAY/v1/orgs/$org/sites/$site"
call PUT "$base/adaptive-schema" '{"jsonSchema":{"type":"object","additionalProperties":false,"properties":{"unsigned":{"type":"object","description":"Unsigned claims of the site visitor.","additionalProperties":false,"properties":{"plan":{"type":"string","enum":["free","pro"],"description":"Plan"}}}}}}' >/dev/null
start=$EPOCHREALTIME
spaces=()
for ((j = 1; j <= SPACES; j++)); do
  spaces+=("$(call POST "$GATEWAY/v1/orgs/$org/spaces" "{\"title\":\"Space $j\"}" | jq -r .id)")
done
pro='{"condition":"visitor.claims.unsigned.plan == \"pro\""}'
for ((i = 1; i <= SECTIONS; i++)); do
  id=$(call POST "$base/sections" "{\"title\":\"Section $i\"}" | jq -r .id)
  if ((i % 2 == 0)); then
    call PATCH "$base/sections/$id" "$pro" >/dev/null
  fi
  for ((j = 1; j <= SPACES; j++)); do
    ss=$(call POST "$base/site-spaces" "{\"spaceId\":\"${spaces[j - 1]}\",\"sectionId\":\"$id\"}" | jq -r .id)
    if ((j % 2 == 0)); then
      call PATCH "$base/site-spaces/$ss" "$pro" >/dev/null
    fi
  done
done
call POST "$base/publish" >/dev/null
echo "site $site: $SECTIONS sections x $SPACES site spaces, half of each with a condition, seeded in $(seconds_since "$start") s"

for plan in pro free; do
  url="$base/published?visitor.plan=$plan"
  shown=$(call GET "$url" | jq -r '"\(.structure.structure | length) sections, \([.structure.structure[].siteSpaces | length] | add // 0)"')
  wrk -t1 -c"$CONNECTIONS" -d"$WARMUP" -H "Authorization: Bearer $TOKEN" "$url" >/dev/null
  out=$(wrk -t1 -c"$CONNECTIONS" -d"$DURATION" --latency -H "Authorization: Bearer $TOKEN" "$url")
  printf '  visitor plan=%-4s %s site spaces shown   %8s req/s   p50 %-9s p99 %-9s %s\n' "$plan" "$shown" \
    "$(awk '/Requests\/sec/ {print $2}' <<<"$out")" "$(awk '$1=="50%" {print $2}' <<<"$out")" \
    "$(awk '$1=="99%" {print $2}' <<<"$out")" "$(grep -E 'Non-2xx|Socket errors' <<<"$out" | tr '\n' ' ' || true)"
done
echo "RSS:"
"$ROOT/platform" status | awk 'NR == 1 || /sites-service|gateway/'
