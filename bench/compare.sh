#!/usr/bin/env bash
# compare.sh REF (issue 29): REF's jars against the working tree's, side by side on the reads, on one machine.
#
#   bench/compare.sh main            # or a commit, a tag, a branch
#
# Builds REF in a git worktree (.platform/compare/<commit>, `mvnw package` through the build lock: nothing is
# installed into ~/.m2), builds the working tree when a service's jar is older than its sources (`mvnw install`
# of the services, through the lock), starts both stacks with their own ./platform services-up (REF on REF_PORT 19400.., the working
# tree on WORK_PORT 19300.., databases bindery_cmp_ref_<port> / bindery_cmp_work_<port> on the running PostgreSQL and Kafka, state
# under .platform/compare/), seeds each (SPREAD spaces, a PAGES-page space for search, a published PAGES-page site for
# the reader), then ROUNDS x (REF, work) with wrk -t1 -c32, WARMUP s + DURATION s each, alternating
# (REF first in odd rounds, work first in even ones), of
#   spaces   GET /v1/spaces/{id} (cycling over SPREAD ids)
#   search   GET /v1/spaces/{s}/search?query=quokka&limit=25 (1,000 hits of 5,000 pages)
#   reader   GET /s/{site}/{page} (a published page, no token)
# and prints req/s of each and the ratio work / REF, with the JVMs of both stacks that used ≥ 5 % of a core during each
# measured run (so a bystander's background work shows), then each service's RSS on both sides after the runs and its ratio,
# and the load average. Stops both stacks at the end (KEEP=1 leaves them up).
#
# Env: READS ("spaces search reader": which, in that order), REF_PORT (19400), WORK_PORT (19300), ROUNDS (2), WARMUP (10), DURATION (20), SPREAD (1000), PAGES (5000),
# KEEP. Needs wrk, jq, node, python3 (the seeding of search.sh and reader.sh).
set -euo pipefail
export LC_ALL=C
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REF="${1:?usage: bench/compare.sh REF}"
REF_PORT="${REF_PORT:-19400}"
WORK_PORT="${WORK_PORT:-19300}"
ROUNDS="${ROUNDS:-2}"
WARMUP="${WARMUP:-10}"
DURATION="${DURATION:-20}"
SPREAD="${SPREAD:-1000}"
PAGES="${PAGES:-5000}"
export JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
export PATH="$JAVA_HOME/bin:$PATH"
LOCK="${BINDERY_BUILD_LOCK:-/tmp/bindery-build.lock}"
BASE="$ROOT/.platform/compare"
die() { echo "compare.sh: $*" >&2; exit 1; }
command -v wrk >/dev/null || die "wrk is needed (apt-get install wrk)"
commit=$(git -C "$ROOT" rev-parse --verify "$REF^{commit}") || die "no commit $REF"
REFTREE="$BASE/${commit:0:12}"
mkdir -p "$BASE"
services=(identity-service content-service review-service sites-service openapi-service integrations-service insights-service gateway)

# 1. Build REF (once per commit) and, when stale, the working tree.
if [[ ! -f $REFTREE/gateway/target/quarkus-app/quarkus-run.jar ]]; then
  [[ -d $REFTREE ]] || git -C "$ROOT" worktree add --detach "$REFTREE" "$commit" >/dev/null
  echo "building $REF (${commit:0:12}) in $REFTREE (waits for $LOCK)"
  (cd "$REFTREE" && flock "$LOCK" ./mvnw -q -B -DskipTests package \
    -pl "$(IFS=,; echo "${services[*]}")" -am) >"$BASE/build-${commit:0:12}.log" 2>&1 \
    || { tail -n 30 "$BASE/build-${commit:0:12}.log" >&2; die "build of $REF failed"; }
fi
for svc in "${services[@]}"; do
  jar="$ROOT/$svc/target/quarkus-app/quarkus-run.jar"
  if [[ ! -f $jar || -n $(find "$ROOT/platform-commons/src/main" "$ROOT/platform-events/src/main" "$ROOT/bindery-document/src/main" "$ROOT/$svc/src/main" -type f -newer "$jar" -print -quit) ]]; then
    echo "building the working tree ($svc is stale; waits for $LOCK)"
    (cd "$ROOT" && flock "$LOCK" ./mvnw -q -B -DskipTests install -pl "$(IFS=,; echo "${services[*]}")" -am) \
      >"$BASE/build-work.log" 2>&1 || { tail -n 30 "$BASE/build-work.log" >&2; die "build of the working tree failed"; }
    break
  fi
done

# 2. Both stacks.
stack_env() { # NAME TREE PORT -> env assignments
  local name=$1 tree=$2 port=$3 i=1 svc
  echo "BINDERY_STATE_DIR=$BASE/state-$name" "BINDERY_DB=bindery_cmp_${name}_$port" "BINDERY_GATEWAY_PORT=$port" "BINDERY_HOME=$tree/.platform"
  for svc in "${services[@]:0:7}"; do
    s=${svc%-service}; echo "BINDERY_${s^^}_PORT=$((port + i))"; i=$((i + 1))
  done
}
psqlc() { PGPASSWORD=bindery psql -X -q -h 127.0.0.1 -p "${BINDERY_PG_PORT:-55432}" -U bindery -d postgres -tAc "$1"; }
up() { # NAME TREE PORT
  # the database is named by the ports too, so two comparisons on other ports (two worktrees) never share one
  [[ -n $(psqlc "SELECT 1 FROM pg_database WHERE datname = 'bindery_cmp_$1_$3'") ]] || psqlc "CREATE DATABASE bindery_cmp_$1_$3"
  echo "starting $1 ($2) on $3.."
  # shellcheck disable=SC2046
  (cd "$2" && env $(stack_env "$@") ./platform services-up) >"$BASE/up-$1.log" 2>&1 \
    || { tail -n 30 "$BASE/up-$1.log" >&2; die "$1 did not start"; }
}
down() { # NAME TREE PORT
  # shellcheck disable=SC2046
  (cd "$2" && env $(stack_env "$@") ./platform services-down) >/dev/null 2>&1 || true
}
cleanup() { [[ -n ${KEEP:-} ]] || { down ref "$REFTREE" "$REF_PORT"; down work "$ROOT" "$WORK_PORT"; }; }
trap cleanup EXIT
up ref "$REFTREE" "$REF_PORT"
up work "$ROOT" "$WORK_PORT"

# 3. Seed both the same way (the working tree's bench scripts against either gateway).
declare -A SPACE SITE PAGE IDS
seed() { # NAME PORT
  local name=$1 port=$2 env=(GATEWAY="http://127.0.0.1:$2" TOKEN_FILE="$BASE/state-$1/admin-token") out
  echo "seeding $name"
  out=$(env "${env[@]}" WARMUP=1s DURATION=1s SKIP_UNCACHED=1 PAGES="$PAGES" "$ROOT/bench/search.sh" 2>&1) || { echo "$out" >&2; die "search seeding on $name failed"; }
  SPACE[$name]=$(sed -n 's/.*through the gateway .*, space \([A-Za-z0-9]*\)$/\1/p' <<<"$out" | tail -n1)
  out=$(env "${env[@]}" WARMUP=1s DURATION=1s PAGES="$PAGES" "$ROOT/bench/reader.sh" 2>&1) || { echo "$out" >&2; die "reader seeding on $name failed"; }
  read -r SITE[$name] PAGE[$name] <<<"$(sed -n 's/^site \([^,]*\), page \([^:]*\):.*/\1 \2/p' <<<"$out")"
  out=$(env "${env[@]}" N="$SPREAD" SPREAD="$SPREAD" WARMUP=1 DURATION=1 SAMPLES=1 PAGE=2 "$ROOT/bench/spaces.sh" 2>&1) || { echo "$out" >&2; die "spaces seeding on $name failed"; }
  local org; org=$(sed -n 's/^organization \([A-Za-z0-9]*\) created.*/\1/p' <<<"$out")
  local token; token=$(tr -d '[:space:]' <"$BASE/state-$name/admin-token")
  local ids="" page="" body
  while :; do
    body=$(curl -s -H "Authorization: Bearer $token" "http://127.0.0.1:$port/v1/orgs/$org/spaces?limit=100${page:+&page=$page}")
    ids+=$(jq -r '.items[].id' <<<"$body")$'\n'
    page=$(jq -r '.next.page // empty' <<<"$body" | jq -sRr @uri | sed 's/%0A$//')
    [[ -n $page && $(grep -c . <<<"$ids") -lt $SPREAD ]] || break
  done
  IDS[$name]=$(grep . <<<"$ids" | head -n "$SPREAD" | tr '\n' ' ')
  [[ -n ${SPACE[$name]} && -n ${SITE[$name]} && -n ${IDS[$name]} ]] || die "seeding $name: no space, site or ids"
}
seed ref "$REF_PORT"
seed work "$WORK_PORT"

lua() { # NAME KIND -> a wrk script
  local name=$1 kind=$2 f="$BASE/$1-$2.lua" token
  token=$(tr -d '[:space:]' <"$BASE/state-$name/admin-token")
  case $kind in
    spaces) { printf 'local ids = {'; printf '"%s",' ${IDS[$name]}; printf '}\nlocal i = 0\n'
              printf 'wrk.headers["Authorization"] = "Bearer %s"\n' "$token"
              printf 'request = function()\n  i = i %% #ids + 1\n  return wrk.format("GET", "/v1/spaces/" .. ids[i])\nend\n'; } >"$f" ;;
    search) printf 'wrk.headers["Authorization"] = "Bearer %s"\nwrk.path = "/v1/spaces/%s/search?query=quokka&limit=25"\n' "$token" "${SPACE[$name]}" >"$f" ;;
    reader) printf 'wrk.path = "/s/%s/%s"\n' "${SITE[$name]}" "${PAGE[$name]}" >"$f" ;;
  esac
  echo "$f"
}
cpu_ticks() { # -> "stack/service ticks" for every JVM of both stacks (user + system, /proc/PID/stat fields 14 and 15)
  local name svc pid
  for name in ref work; do
    for svc in "${services[@]}"; do
      pid=$(cat "$BASE/state-$name/pids/$svc.pid" 2>/dev/null) || continue
      awk -v k="$name/${svc%-service}" '{print k, $14 + $15}' "/proc/$pid/stat" 2>/dev/null || true
    done
  done
}
rps() { # NAME PORT KIND -> req/s; also writes $BASE/busy-NAME, the JVMs that used ≥ 5 % of a core meanwhile
  local s before; s=$(lua "$1" "$3")
  wrk -t1 -c32 -d"${WARMUP}s" -s "$s" "http://127.0.0.1:$2" >/dev/null
  before=$(cpu_ticks)
  wrk -t1 -c32 -d"${DURATION}s" -s "$s" "http://127.0.0.1:$2" | awk '/Requests\/sec/ {print $2}'
  # What else ran during the measured part: a stack's background work (insights embedding, say) takes cores from the
  # other's reads, and a falling ratio with a busy bystander is the bystander, not the request path.
  join <(sort <<<"$before") <(cpu_ticks | sort) | awk -v hz="$(getconf CLK_TCK)" -v d="$DURATION" \
    '{ p = ($3 - $2) * 100 / hz / d; if (p >= 5) printf "%s %d%%  ", $1, p }' >"$BASE/busy-$1"
}

# 4. Alternate.
echo
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "wrk -t1 -c32, ${WARMUP}s warm-up + ${DURATION}s, alternating REF ($REF, ${commit:0:12}) and work ($(git -C "$ROOT" rev-parse --short HEAD)$(git -C "$ROOT" diff --quiet HEAD -- . ':!bench' || echo '+dirty'))"
printf '%-8s %-6s %12s %12s %7s\n' read round ref work ratio
for kind in ${READS:-spaces search reader}; do
  for ((r = 1; r <= ROUNDS; r++)); do
    # who goes first swaps each round, so neither side always runs right after the other's load
    if ((r % 2)); then a=$(rps ref "$REF_PORT" "$kind"); b=$(rps work "$WORK_PORT" "$kind")
    else b=$(rps work "$WORK_PORT" "$kind"); a=$(rps ref "$REF_PORT" "$kind"); fi
    printf '%-8s %-6s %12s %12s %7s   busy: ref run %s| work run %s\n' "$kind" "$r" "$a" "$b" \
      "$(awk -v a="$a" -v b="$b" 'BEGIN {printf "%.2f", b / a}')" "$(cat "$BASE/busy-ref")" "$(cat "$BASE/busy-work")"
  done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "RSS after the runs (MB):"
printf '%-22s %6s %6s %7s\n' service ref work ratio
for svc in "${services[@]}"; do
  a=$(awk '/^VmRSS/ {print int($2 / 1024)}' "/proc/$(cat "$BASE/state-ref/pids/$svc.pid")/status" 2>/dev/null || echo 0)
  b=$(awk '/^VmRSS/ {print int($2 / 1024)}' "/proc/$(cat "$BASE/state-work/pids/$svc.pid")/status" 2>/dev/null || echo 0)
  printf '%-22s %6s %6s %7s\n' "$svc" "$a" "$b" "$(awk -v a="$a" -v b="$b" 'BEGIN {if (a > 0) printf "%.2f", b / a; else print "-"}')"
done
