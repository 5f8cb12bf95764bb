#!/usr/bin/env bash
# Content benchmark: space content written through the content API (batches of operations on a branch, then a
# merge), then
#   a. seeding: PAGES pages (100 top-level pages with 49 children each at 5,000; 1-3 KB of markdown with headings)
#      in batches of 50 insert_page on one branch, then the merge; prints the time;
#   b. reads: GET /v1/spaces/{s}/content and …/content/pages, p50/p90 over 30 requests after 5 warm-ups;
#   c. merge: a branch updating 100 pages (2 batches of 50 update_page) merged into that space, 5 runs, p50;
#   d. search: the organization topped up to PAGES_TOTAL pages over SPACES spaces (seeding time printed), then
#      space and organization search, p50/p90 over 50 queries, common and rare words alternating;
#   e. storage: a fresh PAGES-page space, then 100 branches each changing one page, each merged; size and rows of
#      the content tables before and after.
# Prints figures; asserts nothing. Exits non-zero when the platform is not up or the content API answers wrongly.
#
#   ./platform up && bench/content.sh                  # all five (seeds ~55,000 pages: allow some time)
#   bench/content.sh reads merge                       # some of them (a space is seeded first unless SPACE is set)
#   SPACE=<id> bench/content.sh reads merge            # reuse the space of an earlier run
#   PAGES_TOTAL=10000 bench/content.sh search          # a smaller search corpus
#
# Env: GATEWAY (http://127.0.0.1:$BINDERY_GATEWAY_PORT, default port 8080; change requests are opened and merged
# through it), TOKEN_FILE
# ($BINDERY_STATE_DIR or $BINDERY_HOME/admin-token), ORG and SPACE (reuse), PAGES (5000), PAGES_TOTAL (50000),
# SPACES (10), SEED_PARALLEL (2 spaces seeded at a time in d), BINDERY_DB (bindery), BINDERY_PG_PORT (55432),
# PSQL (/usr/lib/postgresql/15/bin/psql; password bindery).
# Targets (issue 5): content reads < 100 ms; a 100-page merge < 1 s (p50); search p50 < 30 ms; 100 one-page
# merges add about 100 page versions (not 100 x 5,000).
set -euo pipefail
export LC_ALL=C # decimal points in printf and $EPOCHREALTIME
BENCH=content.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ORG="${ORG:-}"
SPACE="${SPACE:-}"
PAGES="${PAGES:-5000}"
PAGES_TOTAL="${PAGES_TOTAL:-50000}"
SPACES="${SPACES:-10}"
SEED_PARALLEL="${SEED_PARALLEL:-2}"
DB="${BINDERY_DB:-bindery}"
PG_PORT="${BINDERY_PG_PORT:-55432}"
PSQL="${PSQL:-/usr/lib/postgresql/15/bin/psql}"
WARMUPS=5
READS=30
MERGE_RUNS=5
STORAGE_BRANCHES=100
STORAGE_TABLES=(page_version manifest_chunk revision page_link search_section)
# Search queries: words of the generator's vocabulary (in many pages) and rare ones (in about one page per space).
COMMON_WORDS=(deployment configuration token webhook migration cache billing region pipeline schema permission
  gateway release monitoring database session invoice workflow endpoint storage queue template secret upload cluster)
RARE_WORDS=(aardvark bassoon cormorant dulcimer echidna flamingo gazpacho harmonica iguana jackalope kumquat
  lorikeet marzipan narwhal ocelot pangolin quetzal rutabaga samovar tamarind ukulele vicuna wombat xylophone yodeler)

STEPS=("$@")
[[ ${#STEPS[@]} -gt 0 ]] || STEPS=(seed reads merge search storage)
for step in "${STEPS[@]}"; do
  [[ $step =~ ^(seed|reads|merge|search|storage)$ ]] || die "unknown measurement '$step' (seed, reads, merge, search, storage)"
done
wants() { [[ " ${STEPS[*]} " == *" $1 "* ]]; }

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# ---- the page generator ----

cat >"$WORK/gen.py" <<'PY'
"""Markdown pages for bench/content.sh, as batches of content operations (JSON files).

  gen.py insert DIR PAGES SEED    DIR/batch-NNNNN.json: a top-level insert_page and up to 49 children each
  gen.py update PREFIX SEED [N]   PREFIX-NNN.json: update_page with new markdown for the page ids on stdin, N (50) a batch
"""
import json
import os
import random
import sys

sys.path.insert(0, os.environ["BENCH_DIR"])
from pages import COMMON, MAX_SIZE, heading, paragraph, write_batches  # noqa: E402

RARE = ("aardvark bassoon cormorant dulcimer echidna flamingo gazpacho harmonica iguana jackalope kumquat "
        "lorikeet marzipan narwhal ocelot pangolin quetzal rutabaga samovar tamarind ukulele vicuna wombat "
        "xylophone yodeler").split()
BATCH = 50


def markdown(rng, title, rare=None):
    """1-3 KB: a title, an introduction, then sections of one or two paragraphs under a heading."""
    target = rng.randint(1024, MAX_SIZE)
    parts = [f"# {title}", paragraph(rng)]
    if rare:
        parts.append(f"Remember the {rare} when you set this up.")
    size = sum(len(p) + 2 for p in parts)
    while size < target:
        section = [heading(rng)] + [paragraph(rng) for _ in range(rng.randint(1, 2))]
        if size + sum(len(p) + 2 for p in section) > MAX_SIZE:
            section = section[:2]  # a shorter last section, or none: pages stay under 3 KB
            if size + sum(len(p) + 2 for p in section) > MAX_SIZE:
                break
        parts += section
        size += sum(len(p) + 2 for p in section)
    return "\n\n".join(parts) + "\n"


def insert(out_dir, pages, seed):
    rng = random.Random(seed)
    # each rare word lands in one page, spread over the space
    step = max(1, pages // len(RARE))

    def markdown_of(page, name):
        rare = RARE[page // step] if page % step == step // 2 and page // step < len(RARE) else None
        return markdown(rng, name, rare)

    write_batches(out_dir, pages, rng, markdown_of)


def update(prefix, seed, per_batch):
    rng = random.Random(seed)
    ids = [line.strip() for line in sys.stdin if line.strip()]
    for n, start in enumerate(range(0, len(ids), per_batch)):
        ops = [{"operation": "update_page", "page": page_id,
                "document": {"markdown": markdown(rng, f"Revised page {start + i + 1}")}}
               for i, page_id in enumerate(ids[start:start + per_batch])]
        with open(f"{prefix}-{n:03d}.json", "w") as f:
            json.dump({"changes": ops}, f)


if sys.argv[1] == "insert":
    insert(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
else:
    update(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]) if len(sys.argv) > 4 else BATCH)
PY

# ---- HTTP and SQL helpers ----

# timed_post URL: an empty POST with the token; prints its time in ms. Dies unless 200.
timed_post() {
  local out
  out=$(curl -sS -X POST -H "Authorization: Bearer $TOKEN" -o "$WORK/post-body" -w '%{http_code} %{time_total}' "$1") || out="000 0"
  [[ ${out%% *} == 200 ]] || die "POST $1 answered ${out%% *}: $(head -c 300 "$WORK/post-body")"
  awk -v s="${out#* }" 'BEGIN {printf "%.1f\n", s * 1000}'
}

# timed_gets: GETs every URL read from stdin, in order, over one kept-alive connection (a single curl); prints
# each one's time in ms, one a line. Dies when one does not answer 200.
timed_gets() {
  local out
  out=$(awk '{printf "url = \"%s\"\noutput = \"/dev/null\"\n", $0}' |
    curl -sS -K - -H "Authorization: Bearer $TOKEN" -w '%{http_code} %{time_total}\n') || die "curl failed on a timed GET"
  if awk '$1 != 200 {bad = 1} END {exit !bad}' <<<"$out"; then
    die "a timed GET did not answer 200 (statuses: $(awk '{print $1}' <<<"$out" | sort | uniq -c | tr -s ' \n' ' '))"
  fi
  awk '{printf "%.2f\n", $2 * 1000}' <<<"$out"
}

# repeat N LINE: the line N times.
repeat() { local i; for ((i = 0; i < $1; i++)); do echo "$2"; done; }

# pct P: the P-th percentile (nearest rank) of the numbers on stdin.
pct() { sort -n | awk -v p="$1" '{v[NR] = $1} END {i = int((NR * p + 99) / 100); print v[i < 1 ? 1 : i]}'; }

sql() { PGPASSWORD=bindery "$PSQL" -h 127.0.0.1 -p "$PG_PORT" -U bindery -d "$DB" -XAtq -F ' ' -c "$1"; }

# The ids of the pages below the top level of main, one a line.
child_page_ids() { call GET "$GATEWAY/v1/spaces/$1/content/pages" | jq -r '.pages[] | .pages[]? | .id'; }

# seed_generated ORG TITLE PAGES OUT_FILE: a new space of PAGES generated pages written through the API (batches
# of 50 insert_page on one branch, then the merge: lib.sh's seed_space); writes its id to OUT_FILE and prints one
# line with the seeding time.
seed_generated() {
  local org=$1 title=$2 pages=$3 out=$4 dir sizes batches
  dir=$(mktemp -d -p "$WORK")
  sizes=$(python3 "$WORK/gen.py" insert "$dir" "$pages" "$RANDOM")
  batches=$(find "$dir" -name 'batch-*.json' | wc -l)
  seed_space "$org" "$title" "$dir"
  printf '  %-34s %6d pages in %7.1f s (%4.0f pages/s; %d batches, then the merge: %.2f s)   %s\n' "$title" "$pages" \
    "$SEEDED_SECONDS" "$(awk -v n="$pages" -v s="$SEEDED_SECONDS" 'BEGIN {print n / s}')" "$batches" "$MERGE_SECONDS" "$sizes"
  echo "$SEEDED_SPACE" >"$out"
  rm -rf "$dir"
}

# ---- the measurements ----

measure_seeding() {
  echo "(a) seeding: $PAGES pages through the API, batches of 50 insert_page on one branch, then the merge"
  seed_generated "$ORG" "Content benchmark" "$PAGES" "$WORK/space"
  SPACE=$(<"$WORK/space")
  local count
  count=$(call GET "$GATEWAY/v1/spaces/$SPACE/content/pages" | jq '[.pages[] | recurse(.pages[]?)] | length')
  echo "  space $SPACE: main holds $count pages (re-run with SPACE=$SPACE to skip seeding)"
}

measure_reads() {
  local path url size times
  echo
  echo "(b) reads of main through the gateway: p50/p90 over $READS requests after $WARMUPS warm-ups, one connection (target < 100 ms)"
  for path in content content/pages; do
    url="$GATEWAY/v1/spaces/$SPACE/$path"
    size=$(curl -sS -o /dev/null -w '%{size_download}' -H "Authorization: Bearer $TOKEN" "$url")
    times=$(repeat $((WARMUPS + READS)) "$url" | timed_gets | tail -n "$READS")
    printf '  GET /v1/spaces/{s}/%-14s %9d bytes   p50 %7.1f ms   p90 %7.1f ms\n' "$path" "$size" \
      "$(pct 50 <<<"$times")" "$(pct 90 <<<"$times")"
  done
}

measure_merge() {
  local list ids run branch batch ms times=""
  echo
  echo "(c) merge of a change request updating 100 pages (2 batches of 50 update_page) into the space: $MERGE_RUNS runs, POST /v1/spaces/{s}/change-requests/{cr}/merge through the gateway timed (target p50 < 1 s)"
  list=$(child_page_ids "$SPACE")
  mapfile -t ids <<<"$list"
  ((${#ids[@]} >= MERGE_RUNS * 100)) || die "the space has ${#ids[@]} pages below the top level; $((MERGE_RUNS * 100)) are needed"
  for ((run = 0; run < MERGE_RUNS; run++)); do
    branch=$(open_branch "$SPACE")
    printf '%s\n' "${ids[@]:run*100:100}" | python3 "$WORK/gen.py" update "$WORK/merge-$run" "$run"
    for batch in "$WORK/merge-$run"-*.json; do
      write_batch "$SPACE" "$branch" "$batch"
    done
    ms=$(timed_post "$GATEWAY/v1/spaces/$SPACE/change-requests/$branch/merge")
    printf '  run %d: merge %8.1f ms\n' $((run + 1)) "$ms"
    times+="$ms"$'\n'
  done
  printf '  p50 %.1f ms   max %.1f ms\n' "$(pct 50 <<<"$times")" "$(pct 100 <<<"$times")"
}

# search_latency NAME BASE_URL JQ_HITS: 50 queries (common and rare words alternating) after 5 warm-ups.
search_latency() {
  local name=$1 base=$2 hits=$3 urls times i
  urls=$(for ((i = 0; i < ${#COMMON_WORDS[@]}; i++)); do
    echo "$base?query=${COMMON_WORDS[i]}"
    echo "$base?query=${RARE_WORDS[i]}"
  done)
  head -n "$WARMUPS" <<<"$urls" | timed_gets >/dev/null
  times=$(timed_gets <<<"$urls")
  printf '  %-13s all p50 %6.1f ms  p90 %6.1f ms   common p50 %6.1f ms  p90 %6.1f ms   rare p50 %6.1f ms  p90 %6.1f ms\n' "$name" \
    "$(pct 50 <<<"$times")" "$(pct 90 <<<"$times")" \
    "$(awk 'NR % 2 == 1' <<<"$times" | pct 50)" "$(awk 'NR % 2 == 1' <<<"$times" | pct 90)" \
    "$(awk 'NR % 2 == 0' <<<"$times" | pct 50)" "$(awk 'NR % 2 == 0' <<<"$times" | pct 90)"
  printf '  %-13s results: "%s" %s, "%s" %s\n' "" "${COMMON_WORDS[0]}" "$(call GET "$base?query=${COMMON_WORDS[0]}" | jq -r "$hits")" \
    "${RARE_WORDS[13]}" "$(call GET "$base?query=${RARE_WORDS[13]}" | jq -r "$hits")"
}

measure_search() {
  local per_space existing i title pids=() start
  # The benchmark space counts as one of the SPACES; the others share the rest of PAGES_TOTAL.
  per_space=$(((PAGES_TOTAL - PAGES) / (SPACES - 1)))
  echo
  echo "(d) search over about $((PAGES + (SPACES - 1) * (per_space > 0 ? per_space : 0))) pages in $SPACES spaces of the organization"
  if ((per_space > 0)); then
    # spaces of an earlier run with the same size are reused (ORG=...)
    existing=$(call GET "$GATEWAY/v1/orgs/$ORG/spaces?limit=1000" | jq -r '.items[].title')
    start=$EPOCHREALTIME
    for ((i = 1; i < SPACES; i++)); do
      title="Search corpus $i ($per_space pages)"
      if grep -qxF "$title" <<<"$existing"; then
        echo "  $title: already there"
        continue
      fi
      seed_generated "$ORG" "$title" "$per_space" "$WORK/corpus-$i" &
      pids+=($!)
      if ((${#pids[@]} >= SEED_PARALLEL)); then
        wait "${pids[0]}" || die "seeding a search space failed"
        pids=("${pids[@]:1}")
      fi
    done
    for pid in "${pids[@]}"; do wait "$pid" || die "seeding a search space failed"; done
    echo "  seeding: $(seconds_since "$start") s ($SEED_PARALLEL spaces at a time)"
  fi
  echo "  p50/p90 over $((2 * ${#COMMON_WORDS[@]})) queries after $WARMUPS warm-ups, one connection (target p50 < 30 ms)"
  search_latency "space" "$GATEWAY/v1/spaces/$SPACE/search" '.items | length | "\(.) pages"'
  # shellcheck disable=SC2016 # a jq program, not shell
  search_latency "organization" "$GATEWAY/v1/orgs/$ORG/search" \
    '[.items[] | .pages | length] as $n | "\($n | add // 0) pages in \($n | length) spaces"'
}

# One line per table: name, total size in bytes (with indexes and TOAST), rows.
table_sizes() {
  local t
  for t in "${STORAGE_TABLES[@]}"; do
    sql "select '$t', pg_total_relation_size('content.$t'), (select count(*) from content.$t)"
  done
}

measure_storage() {
  local space list ids i branch versions_before versions_after start merges=""
  echo
  echo "(e) storage: a fresh $PAGES-page space, then $STORAGE_BRANCHES branches each changing one page, each merged"
  seed_generated "$ORG" "Storage benchmark" "$PAGES" "$WORK/storage-space"
  space=$(<"$WORK/storage-space")
  list=$(child_page_ids "$space")
  mapfile -t ids <<<"$list"
  ((${#ids[@]} >= STORAGE_BRANCHES)) || die "the storage space has only ${#ids[@]} pages below the top level"
  table_sizes >"$WORK/sizes-before"
  versions_before=$(sql "select count(*) from content.page_version where space_id = '$space'")

  # one batch file per branch, each updating one page
  printf '%s\n' "${ids[@]:0:STORAGE_BRANCHES}" | python3 "$WORK/gen.py" update "$WORK/storage" 1000 1
  start=$EPOCHREALTIME
  for ((i = 0; i < STORAGE_BRANCHES; i++)); do
    branch=$(open_branch "$space")
    write_batch "$space" "$branch" "$(printf '%s/storage-%03d.json' "$WORK" "$i")"
    merges+="$(timed_post "$GATEWAY/v1/spaces/$space/change-requests/$branch/merge")"$'\n'
  done
  echo "  $STORAGE_BRANCHES branches written and merged in $(seconds_since "$start") s (merge p50 $(pct 50 <<<"$merges") ms)"
  table_sizes >"$WORK/sizes-after"
  versions_after=$(sql "select count(*) from content.page_version where space_id = '$space'")

  printf '  %-16s %12s %12s %9s   %11s %11s %10s\n' table "rows before" "rows after" "+rows" "size before" "size after" "+size"
  paste -d ' ' "$WORK/sizes-before" "$WORK/sizes-after" | awk '{
    printf "  %-16s %12d %12d %+9d   %8.1f MB %8.1f MB %+7.0f kB\n", $1, $3, $6, $6 - $3, $2 / 1048576, $5 / 1048576, ($5 - $2) / 1024
  }'
  echo "  page versions of this space: $versions_before -> $versions_after ($((versions_after - versions_before)) new; target about $STORAGE_BRANCHES, not $((STORAGE_BRANCHES * PAGES)))"
}

# ---- prerequisites, then the measurements asked for, in order ----

need jq "(apt-get install jq)"
need python3 "to generate pages"
bench_login
# An unknown space must be a 404 from review-service's change requests, not a 501 or nothing at all.
expect_status 404 /v1/spaces/noSuchSpace000000000/change-requests "review-service down or not built?"
if wants storage; then
  [[ -x $PSQL ]] || die "psql is needed at $PSQL for the storage figures"
  sql 'select 1' >/dev/null || die "psql cannot reach database $DB on 127.0.0.1:$PG_PORT (set BINDERY_DB / BINDERY_PG_PORT)"
fi
((SPACES >= 2)) || die "SPACES must be at least 2"

if [[ -n $SPACE && -z $ORG ]]; then
  ORG=$(call GET "$GATEWAY/v1/spaces/$SPACE" | jq -r .organization)
fi
if [[ -z $ORG ]]; then
  ORG=$(call POST "$GATEWAY/v1/orgs" "$(jq -nc --arg t "Content benchmark $(date -u +%FT%TZ)" '{title: $t}')" | jq -r .id)
  echo "organization $ORG created (re-run with ORG=$ORG to reuse it)"
fi

if wants seed || wants reads || wants merge || wants search; then
  if [[ -n $SPACE ]]; then
    echo "(a) seeding skipped: reusing space $SPACE"
  else
    measure_seeding
  fi
fi
if wants reads; then measure_reads; fi
if wants merge; then measure_merge; fi
if wants search; then measure_search; fi
if wants storage; then measure_storage; fi
