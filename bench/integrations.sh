#!/usr/bin/env bash
# Integration delivery benchmark (issue 18), through the gateway of a running stack, to a local receiver (Python's
# http.server on loopback, which the local stack's outbound guard allows):
#   1. latency: MERGES change requests merged in a space of an organization where the integration is installed
#      (space selection all); for each, the time from the merge request to the receiver's arrival of its
#      change_request_merged event (p50, p99, max);
#   2. throughput: EVENTS installation updates queued while the receiver answers 503 (they wait behind the first,
#      in order), then the receiver answers 200 and the queue drains: deliveries per second of one installation.
#
#   ./platform up && bench/integrations.sh
#   MERGES=50 EVENTS=200 bench/integrations.sh
#
# Env: GATEWAY, TOKEN_FILE (see lib.sh), MERGES (200), EVENTS (1000). Target (issue 18): p99 < 1 s.
set -euo pipefail
export LC_ALL=C
BENCH=integrations.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
MERGES="${MERGES:-200}"
EVENTS="${EVENTS:-1000}"
need jq "(apt-get install jq)"
need python3 "for the receiver"
bench_login
WORK="$(mktemp -d)"
RECEIVER_PID=
trap '[[ -z $RECEIVER_PID ]] || kill "$RECEIVER_PID" 2>/dev/null; rm -rf "$WORK"' EXIT

# the receiver: one line per delivery (arrival time, type, changeRequestId); GET /fail?on=1|0 switches 503s
python3 - "$WORK/received" "$WORK/port" <<'PY' &
import json, sys, time, threading
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler
log, fail = open(sys.argv[1], "a", buffering=1), [False]
lock = threading.Lock()
class H(BaseHTTPRequestHandler):
    def log_message(self, *a): pass
    def do_GET(self):
        fail[0] = self.path.endswith("on=1"); self.send_response(204); self.end_headers()
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        if fail[0]:
            self.send_response(503); self.send_header("Content-Length", "0"); self.end_headers(); return
        now = time.time(); p = json.loads(body)
        with lock: log.write("%.6f %s %s\n" % (now, p.get("type"), p.get("changeRequestId", "-")))
        self.send_response(200); self.send_header("Content-Length", "0"); self.end_headers()
s = ThreadingHTTPServer(("127.0.0.1", 0), H)
open(sys.argv[2], "w").write(str(s.server_address[1]))
s.serve_forever()
PY
RECEIVER_PID=$!
for _ in $(seq 50); do [[ -s $WORK/port ]] && break; sleep 0.1; done
RECEIVER="http://127.0.0.1:$(cat "$WORK/port")/events"
: >"$WORK/received"

org=$(call POST "$GATEWAY/v1/orgs" "$(jq -nc --arg t "Integrations bench $(date -u +%FT%TZ)" '{title: $t}')" | jq -r .id)
name="bench-$(date +%s)"
body=$(jq -nc --arg o "$org" --arg e "$RECEIVER" '{organization: $o, title: "Bench integration", description: "bench",
  script: "export default {}", scopes: ["space:content:read"], endpoint: $e}')
# the organization reaches integrations-service through identity's events: 404 until then
for i in $(seq 100); do
  status=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \
    --data-binary "$body" "$GATEWAY/v1/integrations/$name")
  [[ $status == 200 ]] && break
  [[ $status == 404 && $i -lt 100 ]] || die "publishing answered $status"
  sleep 0.2
done
installation=$(call POST "$GATEWAY/v1/integrations/$name/installations" "$(jq -nc --arg o "$org" '{organization: $o}')" | jq -r .id)
space=$(call POST "$GATEWAY/v1/orgs/$org/spaces" '{"title":"Bench space"}' | jq -r .id)
sleep 1 # the space reaches integrations-service through content's events
echo "integration $name installed on $org ($installation); space $space; receiver $RECEIVER"

# 1. latency from each merge request to the arrival of its change_request_merged
: >"$WORK/merged"
for i in $(seq "$MERGES"); do
  cr=$(call POST "$GATEWAY/v1/spaces/$space/change-requests" '{"subject":"bench"}' | jq -r .id)
  call POST "$GATEWAY/v1/spaces/$space/change-requests/$cr/content" \
    "$(jq -nc --arg t "Page $i" '{changes: [{operation: "insert_page", title: $t, document: {markdown: ("# " + $t + "\n\nbench\n")}}]}')" >/dev/null
  echo "$EPOCHREALTIME $cr" >>"$WORK/merged"
  call POST "$GATEWAY/v1/spaces/$space/change-requests/$cr/merge" >/dev/null
done
for _ in $(seq 300); do
  (($(grep -c ' change_request_merged ' "$WORK/received" || true) >= MERGES)) && break
  sleep 0.1
done
python3 - "$WORK/merged" "$WORK/received" <<'PY'
import sys
sent = {cr: float(t) for t, cr in (l.split() for l in open(sys.argv[1]))}
got = {}
for l in open(sys.argv[2]):
    t, typ, cr = l.split()
    if typ == "change_request_merged" and cr in sent: got.setdefault(cr, float(t))
lat = sorted((got[c] - sent[c]) * 1000 for c in got)
if not lat: sys.exit("no change_request_merged arrived")
pct = lambda p: lat[min(len(lat) - 1, int(round(p / 100 * len(lat) + 0.5)) - 1)]
print("merge -> receiver: %d/%d delivered; p50 %.0f ms, p99 %.0f ms, max %.0f ms" % (len(lat), len(sent), pct(50), pct(99), lat[-1]))
PY

# 2. throughput: EVENTS queued behind a failing receiver, then drained
curl -s -o /dev/null "${RECEIVER%/events}/fail?on=1"
before=$(wc -l <"$WORK/received")
for i in $(seq "$EVENTS"); do
  call PATCH "$GATEWAY/v1/integrations/$name/installations/$installation" "{\"configuration\":{\"n\":$i}}" >/dev/null
done
curl -s -o /dev/null "${RECEIVER%/events}/fail?on=0"
for _ in $(seq 1200); do
  (($(wc -l <"$WORK/received") - before >= EVENTS)) && break
  sleep 0.1
done
tail -n +"$((before + 1))" "$WORK/received" | awk -v n="$EVENTS" 'NR == 1 {first = $1} {last = $1; c++}
  END {if (c < 2) {print "throughput: only " c " delivered"; exit 1}
       printf "throughput (one installation, in order): %d/%d delivered in %.2f s after the receiver recovered: %.0f deliveries/s\n", c, n, last - first, (c - 1) / (last - first)}'
