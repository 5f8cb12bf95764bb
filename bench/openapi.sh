#!/usr/bin/env bash
# OpenAPI processing benchmark (issue 17): a generated spec of OPERATIONS operations (about SIZE_MB MB, FORMAT yaml
# or json) served by a local HTTP server on 127.0.0.1 (the local stack's bindery.outbound.allow lets it through),
# uploaded through the gateway: the time from the upload to processingState complete (fetch through the outbound
# guard, swagger-parser, summary, version stored), RUNS times (the first makes a version, the next ones re-upload
# the same content and make none, the last uploads the spec without its last 10 operations: a second version), the
# diff of the two versions (10 operations removed, breaking),
# and openapi-service's RSS: before, the highest sampled while processing, after, and the process' peak (VmHWM).
#
#   ./platform up && bench/openapi.sh
#   OPERATIONS=500 SIZE_MB=1 FORMAT=json bench/openapi.sh
#
# Env: GATEWAY, TOKEN_FILE (see lib.sh), OPERATIONS (2000), SIZE_MB (5), FORMAT (yaml), RUNS (3).
# Targets (issue 17): < 5 s for a 5 MB spec, openapi-service under 250 MB RSS meanwhile.
set -euo pipefail
export LC_ALL=C
BENCH=openapi.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
OPERATIONS="${OPERATIONS:-2000}"
SIZE_MB="${SIZE_MB:-5}"
FORMAT="${FORMAT:-yaml}"
RUNS="${RUNS:-3}"
need jq "(apt-get install jq)"
need python3 "(apt-get install python3 python3-yaml)"
bench_login
WORK="$(mktemp -d)"
server_pid=
sampler_pid=
cleanup() {
  [[ -z $server_pid ]] || kill "$server_pid" 2>/dev/null || true
  [[ -z $sampler_pid ]] || kill "$sampler_pid" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

pid=$(tr -d '[:space:]' <"$STATE_DIR/pids/openapi-service.pid" 2>/dev/null || true)
[[ -n $pid && -r /proc/$pid/status ]] || die "openapi-service is not running (no pid in $STATE_DIR/pids)"
rss_mb() { awk -v k="$2:" '$1 == k {printf "%d", $2 / 1024}' "/proc/$1/status"; }

mkdir -p "$WORK/www"
spec="spec.$FORMAT"
python3 "$ROOT/bench/openapi-spec.py" "$WORK/www/$spec" "$OPERATIONS" "$SIZE_MB" "$FORMAT" v1
python3 "$ROOT/bench/openapi-spec.py" "$WORK/www/changed.$FORMAT" "$OPERATIONS" "$SIZE_MB" "$FORMAT" v1 10
bytes=$(stat -c %s "$WORK/www/$spec")
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$WORK/www" >/dev/null 2>&1 &
server_pid=$!
for _ in $(seq 50); do curl -sf -o /dev/null "http://127.0.0.1:$port/$spec" && break; sleep 0.1; done
url="http://127.0.0.1:$port/$spec"

org=$(call POST "$GATEWAY/v1/orgs" "$(jq -nc --arg t "OpenAPI bench $(date -u +%FT%TZ)" '{title: $t}')" | jq -r .id)
base="$GATEWAY/v1/orgs/$org/openapi"
slug="bench-$(date +%s)"
echo "spec: $OPERATIONS operations, $(awk -v b="$bytes" 'BEGIN {printf "%.1f", b / 1048576}') MB $FORMAT; openapi-service pid $pid, RSS $(rss_mb "$pid" VmRSS) MB before"

# upload SOURCE_URL METHOD: uploads, waits for complete; prints seconds, peak sampled RSS, lastVersion, error code
upload() {
  local source=$1 method=$2 start state spec peak
  : >"$WORK/rss"
  (while true; do rss_mb "$pid" VmRSS >>"$WORK/rss"; echo >>"$WORK/rss"; sleep 0.1; done) &
  sampler_pid=$!
  start=$EPOCHREALTIME
  if [[ $method == POST ]]; then
    call POST "$base" "$(jq -nc --arg s "$slug" --arg u "$source" '{slug: $s, source: {url: $u}}')" >/dev/null
  else
    call PUT "$base/$slug" "$(jq -nc --arg u "$source" '{source: {url: $u}}')" >/dev/null
  fi
  while true; do
    spec=$(call GET "$base/$slug")
    state=$(jq -r .processingState <<<"$spec")
    [[ $state == complete ]] && break
    sleep 0.05
  done
  local took
  took=$(seconds_since "$start")
  kill "$sampler_pid" 2>/dev/null || true
  wait "$sampler_pid" 2>/dev/null || true
  sampler_pid=
  peak=$(sort -n "$WORK/rss" | tail -1)
  echo "$took $peak $(jq -r '.lastVersion // "-"' <<<"$spec") $(jq -r '.lastProcessErrorCode // "-"' <<<"$spec")"
}

versions=()
for ((run = 1; run <= RUNS; run++)); do
  method=PUT source=$url what="same content"
  ((run == 1)) && method=POST what="first upload"
  if ((run == RUNS && RUNS > 1)); then source="http://127.0.0.1:$port/changed.$FORMAT" what="changed spec"; fi
  read -r took peak version code < <(upload "$source" "$method")
  [[ $code == - ]] || die "processing failed: $code $(call GET "$base/$slug" | jq -c .lastProcessedErrors)"
  versions+=("$version")
  printf '  run %d (%-12s) complete in %5s s   RSS peak while processing %4s MB   version %s\n' "$run" "$what" "$took" "$peak" "$version"
done
count=$(call GET "$base/$slug/versions" | jq .count)
start=$EPOCHREALTIME
size=$(call GET "$base/$slug/versions/latest/content" | wc -c)
echo "versions: $count; GET latest/content ($((size / 1024)) KB) in $(seconds_since "$start") s"
if ((${#versions[@]} > 1)) && [[ ${versions[-1]} != "${versions[0]}" ]]; then
  start=$EPOCHREALTIME
  diff=$(call GET "$base/$slug/versions/${versions[-1]}/diff?against=${versions[0]}")
  echo "diff in $(seconds_since "$start") s: $(jq -c '{breaking, breakingChanges, added: (.operations.added | length), removed: (.operations.removed | length), changed: (.operations.changed | length), schemasRemoved: (.schemas.removed | length)}' <<<"$diff")"
fi
echo "openapi-service RSS after: $(rss_mb "$pid" VmRSS) MB, peak since start (VmHWM): $(rss_mb "$pid" VmHWM) MB"
