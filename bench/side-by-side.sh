#!/usr/bin/env bash
# Side by side (issue 29): GET /v1/spaces/{id} through Bindery's gateway against the bare anchor (bench/anchor: a
# vertx-http-proxy gateway in front of a Quarkus service that reads one row by id with Panache; no auth, tracing,
# metrics or events), run alternately on one machine, and the ratio Bindery / anchor per round.
#
#   /work/tools/stack.sh up perf 19300 && GATEWAY=http://127.0.0.1:19300 BINDERY_STATE_DIR=.stack-perf bench/side-by-side.sh
#
# Builds bench/anchor (its own Maven project, not in the root reactor; through the build lock) when its jars are
# missing or older than its sources, starts its two processes (the same JDK and service JVM options as ./platform
# gives Bindery's services, so both sides have the same budget) on ANCHOR_PORT and +1 against the stack's database
# (schema anchor, SPREAD rows), creates an organization with SPREAD spaces in Bindery (or reuses ORG), warms both, then
# ROUNDS x (Bindery, anchor): wrk -t1 -cCONNECTIONS, WARMUP s warm-up + DURATION s measured, cycling over SPREAD ids.
# Prints req/s, p50/p99 and the ratio of each round, the load average before and after, and stops the anchor.
#
# Env: GATEWAY, TOKEN_FILE (lib.sh), ORG (reuse), SPREAD (1000), ROUNDS (2), WARMUP (10), DURATION (20),
# CONNECTIONS (32), ANCHOR_PORT (19500), DB_URL (jdbc:postgresql://127.0.0.1:55432/$BINDERY_DB, default bindery),
# PGPORT (55432), ANCHOR_JAVA_OPTS (content-service's options of ./platform), KEEP_ANCHOR (set: leave it running).
set -euo pipefail
export LC_ALL=C
BENCH=side-by-side.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
SPREAD="${SPREAD:-1000}"
ROUNDS="${ROUNDS:-2}"
WARMUP="${WARMUP:-10}"
DURATION="${DURATION:-20}"
CONNECTIONS="${CONNECTIONS:-32}"
ANCHOR_PORT="${ANCHOR_PORT:-19500}"
PGPORT="${PGPORT:-55432}"
DB="${BINDERY_DB:-bindery}"
DB_URL="${DB_URL:-jdbc:postgresql://127.0.0.1:$PGPORT/$DB}"
ORG="${ORG:-}"
export JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
if ! command -v wrk >/dev/null; then
  [[ $EUID -eq 0 ]] && apt-get install -y -q wrk >/dev/null 2>&1 || true
fi
need wrk "(apt-get install wrk)"
need jq "(apt-get install jq)"
need psql "(apt-get install postgresql-client)"
bench_login
WORK="$(mktemp -d)"
ANCHOR="$ROOT/bench/anchor"
APIDS=()
cleanup() {
  if [[ -z ${KEEP_ANCHOR:-} ]]; then
    local p; for p in "${APIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

# 1. Build the anchor when stale.
jars=("$ANCHOR/anchor-service/target/quarkus-app/quarkus-run.jar" "$ANCHOR/anchor-gateway/target/quarkus-app/quarkus-run.jar")
if [[ ! -f ${jars[0]} || ! -f ${jars[1]} ]] || [[ -n $(find "$ANCHOR" -path '*/target' -prune -o -type f -newer "${jars[0]}" -print -quit) ]]; then
  echo "building bench/anchor (waits for ${BINDERY_BUILD_LOCK:-/tmp/bindery-build.lock})"
  (cd "$ROOT" && flock "${BINDERY_BUILD_LOCK:-/tmp/bindery-build.lock}" ./mvnw -q -B -f bench/anchor/pom.xml -DskipTests package) \
    || die "anchor build failed"
  touch "${jars[@]}"
fi

# 2. Bindery: an organization with SPREAD spaces.
if [[ -z $ORG ]]; then
  ORG=$(call POST "$GATEWAY/v1/orgs" "$(jq -nc --arg t "Side by side $(date -u +%FT%TZ)" '{title: $t}')" | jq -r .id)
  echo "organization $ORG: creating $SPREAD spaces (re-run with ORG=$ORG to skip)"
  seq "$SPREAD" | xargs -P 8 -I{} curl -sS -o /dev/null -X POST -H "Authorization: Bearer $TOKEN" \
    -H 'Content-Type: application/json' --data-binary '{"title":"Side by side {}"}' "$GATEWAY/v1/orgs/$ORG/spaces"
fi
ids=()
page=""
while ((${#ids[@]} < SPREAD)); do
  body=$(call GET "$GATEWAY/v1/orgs/$ORG/spaces?limit=100${page:+&page=$page}")
  mapfile -t more < <(jq -r '.items[].id' <<<"$body")
  ((${#more[@]})) || break
  ids+=("${more[@]}")
  page=$(jq -r '.next.page // empty' <<<"$body" | jq -sRr @uri | sed 's/%0A$//')
  [[ -n $page ]] || break
done
((${#ids[@]})) || die "organization $ORG has no spaces"
echo "${#ids[@]} space ids of organization $ORG"

# 3. The anchor's rows: the same ids, in schema anchor of the stack's database.
export PGPASSWORD=bindery
{
  echo "CREATE SCHEMA IF NOT EXISTS anchor;"
  echo "CREATE TABLE IF NOT EXISTS anchor.item (id text PRIMARY KEY, title text, emoji text, visibility text,"
  echo "  organizationid text, createdat timestamptz, updatedat timestamptz);"
  echo "TRUNCATE anchor.item;"
  printf '%s\n' "${ids[@]}" | awk -v o="$ORG" '{printf "INSERT INTO anchor.item VALUES ('"'"'%s'"'"', '"'"'Side by side %d'"'"', NULL, '"'"'inherit'"'"', '"'"'%s'"'"', now(), now());\n", $1, NR, o}'
} | psql -q -X -h 127.0.0.1 -p "$PGPORT" -U bindery -d "$DB" -v ON_ERROR_STOP=1 >/dev/null || die "could not seed anchor.item in $DB"

# 4. Start the anchor: service on ANCHOR_PORT+1, gateway on ANCHOR_PORT.
if [[ -z ${ANCHOR_JAVA_OPTS:-} ]]; then
  # content-service's options: the anchor stands for it
  ANCHOR_JAVA_OPTS=$(sed -n 's/^CONTENT_JAVA_OPTS="\(.*\)"$/\1/p' "$ROOT/platform" | head -n1)
  common=$(sed -n 's/^JAVA_OPTS_COMMON="\(.*\)"$/\1/p' "$ROOT/platform" | head -n1)
  ANCHOR_JAVA_OPTS="${ANCHOR_JAVA_OPTS//\$JAVA_OPTS_COMMON/$common}"
  ANCHOR_JAVA_OPTS="${ANCHOR_JAVA_OPTS//\$\{AOT_OPTS\}/}"
fi
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
for p in "$ANCHOR_PORT" $((ANCHOR_PORT + 1)); do port_open "$p" && die "port $p is taken (set ANCHOR_PORT)"; done
# shellcheck disable=SC2086
QUARKUS_HTTP_PORT=$((ANCHOR_PORT + 1)) QUARKUS_DATASOURCE_JDBC_URL="$DB_URL" \
  "$JAVA_HOME/bin/java" $ANCHOR_JAVA_OPTS -jar "${jars[0]}" >"$WORK/anchor-service.log" 2>&1 &
APIDS+=($!)
# shellcheck disable=SC2086
QUARKUS_HTTP_PORT=$ANCHOR_PORT ANCHOR_UPSTREAM_PORT=$((ANCHOR_PORT + 1)) \
  "$JAVA_HOME/bin/java" $ANCHOR_JAVA_OPTS -jar "${jars[1]}" >"$WORK/anchor-gateway.log" 2>&1 &
APIDS+=($!)
ANCHOR_URL="http://127.0.0.1:$ANCHOR_PORT"
for ((i = 0; i < 120; i++)); do
  [[ $(curl -s -o /dev/null -w '%{http_code}' "$ANCHOR_URL/v1/spaces/${ids[0]}" || true) == 200 ]] && break
  sleep 0.5
done
[[ $(curl -s -o /dev/null -w '%{http_code}' "$ANCHOR_URL/v1/spaces/${ids[0]}" || true) == 200 ]] \
  || { tail -n 30 "$WORK"/anchor-*.log >&2; die "the anchor does not answer on $ANCHOR_URL"; }

# 5. Alternate.
{
  printf 'local ids = {'
  printf '"%s",' "${ids[@]:0:SPREAD}"
  printf '}\nlocal i = 0\n'
  printf 'wrk.headers["Authorization"] = "Bearer %s"\n' "$TOKEN"
  printf 'request = function()\n  i = i %% #ids + 1\n  return wrk.format("GET", "/v1/spaces/" .. ids[i])\nend\n'
} >"$WORK/ids.lua"
# CPU per request from /proc (user + system ticks of each process over the measured run, divided by its requests):
# unlike req/s, it barely moves with what else runs on the machine, so it is the figure to trust on a loaded one.
# Bindery's side: the gateway, content-service and identity-service; the anchor's: its two processes; both: the
# PostgreSQL backends (children of the postmaster listening on PGPORT), which serve both sides in turn.
TICK=$(getconf CLK_TCK)
ticks() { local s=0 p; for p in "$@"; do [[ -r /proc/$p/stat ]] && s=$((s + $(awk '{print $14 + $15}' "/proc/$p/stat"))); done; echo "$s"; }
pids_of() { local f; for f in "$@"; do [[ -s $STATE_DIR/pids/$f.pid ]] && tr -dc '0-9' <"$STATE_DIR/pids/$f.pid" && echo; done; }
BPIDS=($(pids_of gateway content-service identity-service))
PG_MASTER=$(ss -ltnpH "sport = :$PGPORT" 2>/dev/null | grep -o 'pid=[0-9]*' | head -n1 | cut -d= -f2 || true)
pg_backends() { [[ -n $PG_MASTER ]] && pgrep -P "$PG_MASTER" || true; }
per_request() { awk -v d="$1" -v n="$2" -v t="$TICK" 'BEGIN {if (n > 0) printf "%.0f", d / t / n * 1e6; else print "-"}'; }
run() { # run URL PID... -> "req/s p50 p99 cpu-us-per-request pg-us-per-request errors"
  local url=$1; shift
  wrk -t1 -c"$CONNECTIONS" -d"${WARMUP}s" -s "$WORK/ids.lua" "$url" >/dev/null
  local c0 g0 out n; c0=$(ticks "$@"); g0=$(ticks $(pg_backends))
  out=$(wrk -t1 -c"$CONNECTIONS" -d"${DURATION}s" --latency -s "$WORK/ids.lua" "$url")
  n=$(awk '/requests in/ {print $1; exit}' <<<"$out")
  printf '%s %s %s %s %s %s' "$(awk '/Requests\/sec/ {print $2}' <<<"$out")" "$(awk '$1=="50%" {print $2}' <<<"$out")" \
    "$(awk '$1=="99%" {print $2}' <<<"$out")" "$(per_request $(($(ticks "$@") - c0)) "$n")" \
    "$(per_request $(($(ticks $(pg_backends)) - g0)) "$n")" "$(awk '/Non-2xx/ {print $NF}' <<<"$out" | head -n1)"
}
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "GET /v1/spaces/{id}, wrk -t1 -c$CONNECTIONS, ${WARMUP}s warm-up + ${DURATION}s, ${#ids[@]} ids, alternating"
printf '%-6s %12s %9s %9s   %12s %9s %9s   %6s   %s\n' round bindery p50 p99 anchor p50 p99 ratio \
  "CPU us/request, bindery (gateway+content+identity | postgres) / anchor (gateway+service | postgres), ratio"
for ((r = 1; r <= ROUNDS; r++)); do
  read -r b b50 b99 bcpu bpg berr <<<"$(run "$GATEWAY" "${BPIDS[@]}")"
  read -r a a50 a99 acpu apg aerr <<<"$(run "$ANCHOR_URL" "${APIDS[@]}")"
  printf '%-6s %12s %9s %9s   %12s %9s %9s   %6s   %s | %s / %s | %s, %s%s\n' "$r" "$b" "$b50" "$b99" "$a" "$a50" "$a99" \
    "$(awk -v b="$b" -v a="$a" 'BEGIN {printf "%.2f", b / a}')" "$bcpu" "$bpg" "$acpu" "$apg" \
    "$(awk -v b="$bcpu" -v bp="$bpg" -v a="$acpu" -v ap="$apg" 'BEGIN {if (b + bp > 0) printf "%.2f", (a + ap) / (b + bp); else print "-"}')" \
    "${berr:+  bindery non-2xx $berr}${aerr:+  anchor non-2xx $aerr}"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "RSS: anchor-service $(awk '/^VmRSS/ {print int($2/1024)}' /proc/${APIDS[0]}/status) MB, anchor-gateway $(awk '/^VmRSS/ {print int($2/1024)}' /proc/${APIDS[1]}/status) MB"
