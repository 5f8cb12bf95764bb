#!/usr/bin/env bash
# Spaces benchmark: an organization with N spaces, seeded through the API (POST /v1/orgs/{o}/spaces via the
# gateway, CONCURRENCY requests in flight), then
#   1. latency of page 1 and page PAGE of `GET /v1/orgs/{o}/spaces?limit=100` (page PAGE reached by following
#      next.page; then both exact URLs timed one request at a time, interleaved, after a warm-up) and their ratio;
#   2. throughput of `GET /v1/spaces/{id}` through the gateway with wrk (-t1 -c32), rotating over SPREAD ids;
#   3. RSS of content-service and the gateway.
# Prints figures; asserts nothing. Exits non-zero when the platform is not up or content-service cannot create.
#
#   ./platform up && bench/spaces.sh                      # N=100000: seeds, then measures
#   ORG=<id> bench/spaces.sh                              # reuse an organization: only tops it up to N spaces
#   N=2000 WARMUP=5 DURATION=10 bench/spaces.sh           # a quick run
#
# Env: N (100000), ORG (reuse), GATEWAY (http://127.0.0.1:$BINDERY_GATEWAY_PORT, default port 8080),
# TOKEN_FILE ($BINDERY_STATE_DIR or $BINDERY_HOME/admin-token), CONCURRENCY (16, seeding), PAGE (100),
# SAMPLES (60 per page), WARMUP (20 s), DURATION (30 s), CONNECTIONS (32), SPREAD (1000 ids; 1 = a single id).
# Targets (issue 4): page PAGE / page 1 <= 1.2 (p50); GET /v1/spaces/{id} >= 9000 req/s through the gateway.
set -euo pipefail
BENCH=spaces.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
N="${N:-100000}"
ORG="${ORG:-}"
CONCURRENCY="${CONCURRENCY:-16}"
PAGE="${PAGE:-100}"
SAMPLES="${SAMPLES:-60}"
WARMUP="${WARMUP:-20}"
DURATION="${DURATION:-30}"
CONNECTIONS="${CONNECTIONS:-32}"
SPREAD="${SPREAD:-1000}"

need wrk "(apt-get install wrk)"
need node "(>= 18, for fetch) to seed and time pages"
bench_login
# An unknown organization must be a 404 from content-service, not its "not implemented" 501 or a gateway 502.
expect_status 404 /v1/orgs/no-such-org/spaces "content-service down or without spaces?"
export GATEWAY TOKEN N ORG CONCURRENCY PAGE SAMPLES SPREAD

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# 1. Seeding, then page timings, in one Node.js process (fetch keeps connections alive). Writes the
#    organization id and SPREAD space ids for wrk.
node --input-type=module - "$WORK" <<'JS'
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
const work = process.argv[2];
const { GATEWAY, TOKEN } = process.env;
const N = Number(process.env.N), CONCURRENCY = Number(process.env.CONCURRENCY);
const PAGE = Number(process.env.PAGE), SAMPLES = Number(process.env.SAMPLES), SPREAD = Number(process.env.SPREAD);
const headers = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' };
const fail = (msg) => { console.error(`spaces.sh: ${msg}`); process.exit(1); };

async function call(method, path, body) {
  const res = await fetch(GATEWAY + path, { method, headers, body: body && JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) };
}
async function expect(status, method, path, body) {
  const res = await call(method, path, body);
  if (res.status !== status) fail(`${method} ${path} answered ${res.status} (expected ${status}): ${res.text.slice(0, 300)}`);
  return res.json();
}

let org = process.env.ORG;
if (!org) {
  org = (await expect(201, 'POST', '/v1/orgs', { title: `Spaces benchmark ${new Date().toISOString()}` })).id;
  console.log(`organization ${org} created (re-run with ORG=${org} to skip seeding)`);
}
const spacesUrl = `/v1/orgs/${org}/spaces`;
const have = (await expect(200, 'GET', `${spacesUrl}?limit=1`)).count;
const missing = Math.max(0, N - have);
if (missing > 0) {
  console.log(`seeding ${missing} spaces into ${org} (has ${have}), ${CONCURRENCY} requests in flight...`);
  let next = 0, done = 0, retried = 0, lastReport = performance.now();
  const started = performance.now();
  const worker = async () => {
    while (next < missing) {
      const i = next++;
      // A 5xx or a dropped connection is retried (a 504 may still have created the space: one extra is harmless);
      // a 4xx means the request itself is wrong, so stop.
      for (let attempt = 1; ; attempt++) {
        const res = await call('POST', spacesUrl, { title: `Bench space ${have + i}` })
          .catch((e) => ({ status: 0, text: String(e.cause ?? e) }));
        if (res.status === 201) break;
        if ((res.status !== 0 && res.status < 500) || attempt === 3) {
          fail(`POST ${spacesUrl} answered ${res.status || 'nothing'}: ${res.text.slice(0, 300)}`);
        }
        retried++;
        await new Promise((r) => setTimeout(r, 500 * attempt));
      }
      done++;
      if (performance.now() - lastReport > 10000) {
        lastReport = performance.now();
        console.log(`  ${done}/${missing}  ${(done / ((lastReport - started) / 1000)).toFixed(0)} spaces/s`);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  console.log(`seeded ${done} spaces in ${seconds.toFixed(1)} s: ${(done / seconds).toFixed(0)} spaces/s` +
    (retried ? ` (${retried} requests retried after a 5xx or a dropped connection)` : ''));
} else {
  console.log(`organization ${org} already has ${have} spaces: no seeding`);
}

// Follow next.page from page 1 up to page PAGE (or the last page), keeping ids for wrk on the way.
const first = `${spacesUrl}?limit=100`;
let url = first, page = 1, body = await expect(200, 'GET', url);
const count = body.count;
const ids = body.items.map((s) => s.id);
while (page < PAGE && body.next?.page) {
  url = `${first}&page=${encodeURIComponent(body.next.page)}`;
  body = await expect(200, 'GET', url);
  page++;
  if (ids.length < SPREAD) ids.push(...body.items.map((s) => s.id));
}
if (body.items.length === 0) fail(`page ${page} of ${first} is empty`);
console.log(`\n${count} spaces visible; GET ${first}: page 1 and page ${page}` +
  (page < PAGE ? ` (the last one: fewer than ${PAGE} pages at this N)` : '') + ` (${body.items.length} items)`);

// Time both pages one request at a time, interleaved, so that a busy moment on the machine hits both alike.
// A failed request is counted and reported, not timed.
const failures = [];
const timeOnce = async (u, into) => {
  const t0 = performance.now();
  const res = await fetch(GATEWAY + u, { headers });
  const body = await res.text();
  const ms = performance.now() - t0;
  if (res.status === 200) into?.push(ms);
  else failures.push(`${res.status} after ${ms.toFixed(0)} ms: ${body.slice(0, 200)}`);
};
for (let i = 0; i < 20; i++) { await timeOnce(first); await timeOnce(url); }
const t1 = [], tp = [];
for (let i = 0; i < SAMPLES; i++) { await timeOnce(first, t1); await timeOnce(url, tp); }
if (failures.length) console.log(`  ${failures.length} requests failed (not timed), first: ${failures[0]}`);
if (!t1.length || !tp.length) fail('no successful request to time');
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]; };
const line = (name, xs) => console.log(`  ${name.padEnd(9)} p50 ${pct(xs, 50).toFixed(2).padStart(7)} ms   p90 ${pct(xs, 90).toFixed(2).padStart(7)} ms   (${xs.length} requests, after 20 warm-up)`);
line('page 1', t1);
line(`page ${page}`, tp);
console.log(`  ratio page ${page} / page 1: p50 ${(pct(tp, 50) / pct(t1, 50)).toFixed(2)}   p90 ${(pct(tp, 90) / pct(t1, 90)).toFixed(2)}   (target <= 1.2)`);

writeFileSync(`${work}/org`, org);
writeFileSync(`${work}/ids`, ids.slice(0, Math.max(1, SPREAD)).join('\n') + '\n');
JS

# 2. GET /v1/spaces/{id} through the gateway: wrk cycles through the ids (a Lua request() per call).
mapfile -t ids <"$WORK/ids"
{
  printf 'local ids = {'
  printf '"%s",' "${ids[@]}"
  printf '}\nlocal i = 0\n'
  printf 'wrk.headers["Authorization"] = "Bearer %s"\n' "$TOKEN"
  printf 'request = function()\n  i = i %% #ids + 1\n  return wrk.format("GET", "/v1/spaces/" .. ids[i])\nend\n'
} >"$WORK/spaces.lua"
echo
echo "GET /v1/spaces/{id} through the gateway (cycling through ${#ids[@]} space ids): wrk -t1 -c$CONNECTIONS, ${WARMUP}s warm-up, ${DURATION}s measured"
wrk -t1 -c"$CONNECTIONS" -d"${WARMUP}s" -s "$WORK/spaces.lua" "$GATEWAY" >/dev/null
out=$(wrk -t1 -c"$CONNECTIONS" -d"${DURATION}s" --latency -s "$WORK/spaces.lua" "$GATEWAY")
rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
p50=$(awk '$1=="50%" {print $2}' <<<"$out")
p99=$(awk '$1=="99%" {print $2}' <<<"$out")
errors=$(grep -E "Non-2xx|Socket errors" <<<"$out" | tr '\n' ' ' || true)
printf '  %10s req/s   p50 %-9s p99 %-9s %s   (target >= 9000 req/s)\n' "$rps" "$p50" "$p99" "${errors:-non-2xx: 0}"

# 3. Memory of the two processes on the path.
echo
echo "RSS (now / peak since start):"
for svc in content-service gateway; do
  pid=$(tr -dc '0-9' <"$STATE_DIR/pids/$svc.pid" 2>/dev/null || true)
  if [[ -n $pid && -r /proc/$pid/status ]]; then
    awk -v n="$svc" '/^VmRSS:/ {r=$2} /^VmHWM:/ {h=$2} END {printf "  %-16s %4d MB / %4d MB\n", n, (r+512)/1024, (h+512)/1024}' "/proc/$pid/status"
  else
    echo "  $svc: no live pid in $STATE_DIR/pids (set BINDERY_STATE_DIR for a second stack)"
  fi
done
