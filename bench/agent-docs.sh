#!/usr/bin/env bash
# Pages for agents benchmark (issue 31): a PAGES-page space (as bench/reader.sh seeds it) published in a public site,
# read through the gateway as an agent (no token): every page's .md in turn (the list from sitemap.md), cold (each
# page read from content once) then warm with wrk -t1 -cCONNECTIONS for DURATION, llms.txt's latency (cold, then
# warm p50/p99 with one connection), and the site's MCP server's `search` tool (/s/<site>/~gitbook/mcp): p50/p99 of
# SEARCHES sequential `tools/call search` on one keep-alive connection, each with another query (two or three words of
# the pages' vocabulary), then SEARCHES of one query repeated.
#
#   bench/agent-docs.sh                         # against http://127.0.0.1:8080 (./platform up)
#   bench/agent-docs.sh http://gateway:8080     # another stack
#   SITE=<id> bench/agent-docs.sh               # reuse a site of an earlier run (or of bench/reader.sh)
#
# Env: GATEWAY (or the first argument), TOKEN_FILE (see lib.sh; not needed with SITE), PAGES (5000), CONNECTIONS
# (32), DURATION (15s), WARMUP (5s), SEARCHES (200).
# With the stack's state folder on this machine (BINDERY_STATE_DIR, as lib.sh takes it), the .md run also prints the
# CPU per request of the gateway and sites-service, from /proc.
# Targets (issue 31): .md of a 5,000-page space >= 4,000 pages/s warm; llms.txt < 50 ms warm; MCP search p50 < 30 ms.
set -euo pipefail
export LC_ALL=C
BENCH=agent-docs.sh
[[ $# -eq 0 ]] || GATEWAY="${1%/}"
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
PAGES="${PAGES:-5000}"
CONNECTIONS="${CONNECTIONS:-32}"
DURATION="${DURATION:-15s}"
WARMUP="${WARMUP:-5s}"
SITE="${SITE:-}"
SEARCHES="${SEARCHES:-200}"
need wrk "(apt-get install wrk)"
need jq "(apt-get install jq)"
need python3 "to generate pages"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

if [[ -z $SITE ]]; then
  bench_login
  org=$(call POST "$GATEWAY/v1/orgs" "$(jq -nc --arg t "Agent docs bench $(date -u +%FT%TZ)" '{title: $t}')" | jq -r .id)
  python3 - "$WORK/batches" "$PAGES" <<'PY'
import os, random, sys
sys.path.insert(0, os.environ["BENCH_DIR"])
from pages import heading, paragraph, write_batches
out, pages = sys.argv[1], int(sys.argv[2])
os.makedirs(out)
rng = random.Random(31)
def markdown_of(n, name):
    parts = [paragraph(rng)]
    for _ in range(rng.randint(2, 4)):
        parts += [heading(rng), paragraph(rng)]
    parts.append("| key | value |\n|---|---|\n| page | %d |" % n)
    return "\n\n".join(parts)
write_batches(out, pages, rng, markdown_of)
PY
  seed_space "$org" "Agent docs bench" "$WORK/batches"
  echo "space $SEEDED_SPACE: $PAGES pages written and merged in $SEEDED_SECONDS s"
  SITE=$(call POST "$GATEWAY/v1/orgs/$org/sites" "$(jq -nc --arg s "$SEEDED_SPACE" '{title: "Agent docs bench", spaces: [$s]}')" | jq -r .id)
  call POST "$GATEWAY/v1/orgs/$org/sites/$SITE/publish" >/dev/null
fi
base="$GATEWAY/s/$SITE"

# llms.txt cold (the page trees read from content), then the list of every page's .md from sitemap.md
cold=$(curl -s -o "$WORK/llms.txt" -w '%{http_code} %{time_total}' "$base/llms.txt")
[[ ${cold%% *} == 200 ]] || die "GET $base/llms.txt answered ${cold%% *}"
echo "site $SITE: llms.txt $(wc -c <"$WORK/llms.txt") bytes, $(grep -c '^- \[' "$WORK/llms.txt") pages; cold $(awk -v t="${cold#* }" 'BEGIN {printf "%.1f ms", t * 1000}')"
curl -sf "$base/sitemap.md" | grep -o '(http[^)]*\.md)' | tr -d '()' | sed -E 's#^https?://[^/]+##' >"$WORK/paths"
count=$(wc -l <"$WORK/paths")
[[ $count -gt 0 ]] || die "sitemap.md lists no page"

# CPU per request of the gateway and sites (user + system ticks from /proc over the measured run, divided by its
# requests), when the stack's processes are on this machine ($STATE_DIR/pids, as ./platform writes them)
CPU_PROCS=(gateway sites-service)
cpu_pids=()
for p in "${CPU_PROCS[@]}"; do
  pid=$(tr -dc '0-9' <"$STATE_DIR/pids/$p.pid" 2>/dev/null || true)
  [[ -n $pid && -r /proc/$pid/stat ]] && cpu_pids+=("$p=$pid")
done
cpu_ticks() { # "name=ticks ..." of each process, or nothing when they are not here
  local e; ((${#cpu_pids[@]} == ${#CPU_PROCS[@]})) || return 0
  for e in "${cpu_pids[@]}"; do printf '%s=%s ' "${e%%=*}" "$(awk '{print $14 + $15}' "/proc/${e#*=}/stat")"; done
}
cpu_per_request() { # before, after, requests
  awk -v a="$1" -v b="$2" -v n="$3" -v t="$(getconf CLK_TCK)" 'BEGIN {
    split(a, x, " "); split(b, y, " ")
    for (i in x) { split(x[i], p, "="); split(y[i], q, "="); printf "%s%s %.0f us", (i > 1 ? ", " : ""), p[1], (n > 0 ? (q[2] - p[2]) / t / n * 1e6 : 0) }
  }'
}

# wrk goes through the pages in turn, one per request
cat >"$WORK/pages.lua" <<LUA
local paths, i = {}, 0
for line in io.lines("$WORK/paths") do paths[#paths + 1] = line end
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
LUA
start=$EPOCHREALTIME
xargs -P 8 -I{} curl -s -o /dev/null -w '%{http_code}\n' "$GATEWAY{}" <"$WORK/paths" | sort | uniq -c | sed 's/^/  cold pass: /'
echo "  cold pass over $count pages in $(seconds_since "$start") s (8 at a time)"
wrk -t1 -c"$CONNECTIONS" -d"$WARMUP" -s "$WORK/pages.lua" "$GATEWAY" >/dev/null
c0=$(cpu_ticks)
out=$(wrk -t1 -c"$CONNECTIONS" -d"$DURATION" --latency -s "$WORK/pages.lua" "$GATEWAY")
c1=$(cpu_ticks)
printf '  .md warm, wrk -t1 -c%s over %s pages: %8s pages/s   p50 %-9s p99 %-9s %s\n' "$CONNECTIONS" "$count" \
  "$(awk '/Requests\/sec/ {print $2}' <<<"$out")" "$(awk '$1=="50%" {print $2}' <<<"$out")" \
  "$(awk '$1=="99%" {print $2}' <<<"$out")" "$(grep -E 'Non-2xx|Socket errors' <<<"$out" | tr '\n' ' ' || true)"
[[ -z $c0 ]] || echo "  .md warm, CPU per request: $(cpu_per_request "$c0" "$c1" "$(awk '/ requests in / {print $1}' <<<"$out")")   (load average $(cut -d' ' -f1-3 /proc/loadavg))"
one="$GATEWAY$(sed -n "$((count / 2 + 1))p" "$WORK/paths")"
out=$(wrk -t1 -c"$CONNECTIONS" -d"$DURATION" --latency "$one")
printf '  one .md page warm, wrk -t1 -c%s: %8s pages/s   p50 %-9s p99 %-9s %s\n' "$CONNECTIONS" \
  "$(awk '/Requests\/sec/ {print $2}' <<<"$out")" "$(awk '$1=="50%" {print $2}' <<<"$out")" \
  "$(awk '$1=="99%" {print $2}' <<<"$out")" "$(grep -E 'Non-2xx|Socket errors' <<<"$out" | tr '\n' ' ' || true)"
wrk -t1 -c1 -d"$WARMUP" "$base/llms.txt" >/dev/null
out=$(wrk -t1 -c1 -d"$WARMUP" --latency "$base/llms.txt")
printf '  llms.txt warm, wrk -t1 -c1: %8s req/s   p50 %-9s p99 %-9s %s\n' "$(awk '/Requests\/sec/ {print $2}' <<<"$out")" \
  "$(awk '$1=="50%" {print $2}' <<<"$out")" "$(awk '$1=="99%" {print $2}' <<<"$out")" \
  "$(grep -E 'Non-2xx|Socket errors' <<<"$out" | tr '\n' ' ' || true)"

# MCP search: one JSON-RPC POST per call (the server is stateless), each timed from sending to the whole answer read;
# a call answered with an error or a tool error stops the run
python3 - "$GATEWAY" "/s/$SITE/~gitbook/mcp" "$SEARCHES" <<'PY'
import http.client, json, os, random, sys, time, urllib.parse
sys.path.insert(0, os.environ["BENCH_DIR"])
from pages import COMMON
gateway, path, n = urllib.parse.urlsplit(sys.argv[1]), sys.argv[2], int(sys.argv[3])
conn = (http.client.HTTPSConnection if gateway.scheme == "https" else http.client.HTTPConnection)(gateway.netloc, timeout=30)
headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
           "MCP-Protocol-Version": "2025-11-25"}
def search(i, query):
    body = json.dumps({"jsonrpc": "2.0", "id": i, "method": "tools/call",
                       "params": {"name": "search", "arguments": {"query": query}}})
    start = time.perf_counter()
    conn.request("POST", path, body, headers)
    response = conn.getresponse()
    data = response.read()
    took = (time.perf_counter() - start) * 1000
    answer = json.loads(data) if response.status == 200 else None
    if answer is None or "error" in answer or answer["result"].get("isError"):
        sys.exit(f"agent-docs.sh: MCP search {query!r} answered {response.status}: {data[:300]!r}")
    return took, len(answer["result"].get("structuredContent", {}).get("results", []))
def report(label, times, hits):
    times = sorted(times)
    pick = lambda q: times[min(len(times) - 1, int(q * len(times)))]
    print(f"  MCP search {label}, {len(times)} sequential calls: p50 {pick(0.5):.1f} ms   p99 {pick(0.99):.1f} ms   "
          f"max {times[-1]:.1f} ms   ({hits} hits in all)")
rng = random.Random(31)
queries = [" ".join(rng.sample(COMMON, rng.randint(2, 3))) for _ in range(n)]
for i in range(5):  # the first calls open the connection and warm the path
    search(i, queries[i])
results = [search(i, q) for i, q in enumerate(queries)]
report("with varied queries", [t for t, _ in results], sum(h for _, h in results))
results = [search(i, queries[0]) for i in range(n)]
report(f"of one query ({queries[0]!r})", [t for t, _ in results], sum(h for _, h in results))
PY
