#!/usr/bin/env bash
# Reader benchmark (issue 16): one page of a PAGES-page space (100 top-level pages with 49 children each at 5,000;
# 1-3 KB of markdown with headings and a table) published in a public site, read through the gateway as a visitor
# (no token): the cold read (the page tree and the page read from content and rendered), then warm reads with
# wrk -t1 -cCONNECTIONS for DURATION after a WARMUP. Prints the cold time, req/s, p50 and p99, and the RSS of
# sites-service and the gateway.
#
#   ./platform up && bench/reader.sh
#   PAGES=500 bench/reader.sh            # a smaller space
#   SITE=<id> PAGE=<path> bench/reader.sh   # reuse a site of an earlier run
#
# Env: GATEWAY, TOKEN_FILE (see lib.sh), PAGES (5000), CONNECTIONS (32), DURATION (15s), WARMUP (5s).
# Targets (issue 16): warm p50 < 5 ms; >= 3,000 pages/s with wrk -t1 -c32.
set -euo pipefail
export LC_ALL=C
BENCH=reader.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
PAGES="${PAGES:-5000}"
CONNECTIONS="${CONNECTIONS:-32}"
DURATION="${DURATION:-15s}"
WARMUP="${WARMUP:-5s}"
SITE="${SITE:-}"
PAGE="${PAGE:-}"
need wrk "(apt-get install wrk)"
need jq "(apt-get install jq)"
need python3 "to generate pages"
bench_login
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

if [[ -z $SITE ]]; then
  org=$(call POST "$GATEWAY/v1/orgs" "$(jq -nc --arg t "Reader bench $(date -u +%FT%TZ)" '{title: $t}')" | jq -r .id)
  python3 - "$WORK/batches" "$PAGES" <<'PY'
import os, random, sys
sys.path.insert(0, os.environ["BENCH_DIR"])
from pages import heading, paragraph, write_batches
out, pages = sys.argv[1], int(sys.argv[2])
os.makedirs(out)
rng = random.Random(16)
def markdown_of(n, name):
    parts = [paragraph(rng)]
    for _ in range(rng.randint(2, 4)):
        parts += [heading(rng), paragraph(rng)]
    parts.append("| key | value |\n|---|---|\n| page | %d |" % n)
    return "\n\n".join(parts)
write_batches(out, pages, rng, markdown_of)
PY
  start=$EPOCHREALTIME
  seed_space "$org" "Reader bench" "$WORK/batches"
  echo "space $SEEDED_SPACE: $PAGES pages written and merged in $SEEDED_SECONDS s"
  SITE=$(call POST "$GATEWAY/v1/orgs/$org/sites" "$(jq -nc --arg s "$SEEDED_SPACE" '{title: "Reader bench", spaces: [$s]}')" | jq -r .id)
  call POST "$GATEWAY/v1/orgs/$org/sites/$SITE/publish" >/dev/null
  # a page in the middle of the tree
  PAGE=$(call GET "$GATEWAY/v1/spaces/$SEEDED_SPACE/content/pages" | jq -r '.pages[50].pages[10].path')
fi
url="$GATEWAY/s/$SITE/$PAGE"
cold=$(curl -s -o "$WORK/page.html" -w '%{http_code} %{time_total}' "$url")
[[ ${cold%% *} == 200 ]] || die "GET $url answered ${cold%% *}"
echo "site $SITE, page $PAGE: $(wc -c <"$WORK/page.html") bytes of HTML; cold read $(awk -v t="${cold#* }" 'BEGIN {printf "%.1f ms", t * 1000}')"
wrk -t1 -c"$CONNECTIONS" -d"$WARMUP" "$url" >/dev/null
out=$(wrk -t1 -c"$CONNECTIONS" -d"$DURATION" --latency "$url")
printf '  warm, wrk -t1 -c%s: %8s pages/s   p50 %-9s p99 %-9s %s\n' "$CONNECTIONS" \
  "$(awk '/Requests\/sec/ {print $2}' <<<"$out")" "$(awk '$1=="50%" {print $2}' <<<"$out")" \
  "$(awk '$1=="99%" {print $2}' <<<"$out")" "$(grep -E 'Non-2xx|Socket errors' <<<"$out" | tr '\n' ' ' || true)"
out=$(wrk -t1 -c1 -d"$WARMUP" --latency "$url")
printf '  warm, wrk -t1 -c1:  %8s pages/s   p50 %-9s p99 %s\n' "$(awk '/Requests\/sec/ {print $2}' <<<"$out")" \
  "$(awk '$1=="50%" {print $2}' <<<"$out")" "$(awk '$1=="99%" {print $2}' <<<"$out")"
echo "RSS:"
"$ROOT/platform" status | awk 'NR == 1 || /sites-service|gateway/'
