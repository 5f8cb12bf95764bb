# Shared by the benchmark scripts (sourced, not run): where the platform is, the admin token, one HTTP call, the
# seeding of a space through the API. A script sets BENCH (its name, for messages) and WORK (a scratch
# directory) before it calls these.
#
# Env: GATEWAY (http://127.0.0.1:$BINDERY_GATEWAY_PORT, default port 8080), TOKEN_FILE ($BINDERY_STATE_DIR or
# $BINDERY_HOME (<repo>/.platform) /admin-token).

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export BINDERY_HOME="${BINDERY_HOME:-$ROOT/.platform}"
STATE_DIR="$(realpath -m "${BINDERY_STATE_DIR:-$BINDERY_HOME}")" # relative to the working directory, as ./platform takes it
GATEWAY="${GATEWAY:-http://127.0.0.1:${BINDERY_GATEWAY_PORT:-8080}}"
TOKEN_FILE="${TOKEN_FILE:-$STATE_DIR/admin-token}"
export BENCH_DIR="$ROOT/bench" # where the page generators find pages.py

die() { echo "${BENCH:-bench}: $*" >&2; exit 1; }

# need COMMAND WHY: dies unless COMMAND is installed.
need() { command -v "$1" >/dev/null || die "$1 is needed $2"; }

# bench_login: reads the admin token into TOKEN and checks that the gateway answers with it.
bench_login() {
  local status
  [[ -r $TOKEN_FILE ]] || die "no admin token at $TOKEN_FILE (platform not up? run ./platform up, or set TOKEN_FILE)"
  TOKEN="$(tr -d '[:space:]' <"$TOKEN_FILE")"
  status=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 -H "Authorization: Bearer $TOKEN" "$GATEWAY/v1/user" || true)
  [[ $status == 200 ]] || die "GET $GATEWAY/v1/user answered ${status:-nothing} (platform not up? run ./platform up)"
}

# expect_status STATUS PATH WHY: dies unless GET PATH (below the gateway) answers STATUS: a service is up and built.
expect_status() {
  local status
  status=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 -H "Authorization: Bearer $TOKEN" "$GATEWAY$2" || true)
  [[ $status == "$1" ]] || die "GET $GATEWAY$2 answered ${status:-nothing}, expected $1 ($3)"
}

# call METHOD URL [BODY]: one request through curl (BODY: inline JSON or @file); prints the response body.
# Dies unless the answer is 2xx.
call() {
  local method=$1 url=$2 body=${3:-} out status
  out=$(mktemp -p "$WORK")
  local args=(-sS -X "$method" -o "$out" -w '%{http_code}' -H "Authorization: Bearer $TOKEN")
  [[ -z $body ]] || args+=(-H 'Content-Type: application/json' --data-binary "$body")
  status=$(curl "${args[@]}" "$url") || status=000
  [[ $status == 2* ]] || die "$method $url answered $status: $(head -c 300 "$out")"
  cat "$out"
  rm -f "$out"
}

seconds_since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN {printf "%.2f", b - a}'; }

# Branches are change requests of review-service (issue 6), opened and merged through the gateway like a client.
open_branch() { call POST "$GATEWAY/v1/spaces/$1/change-requests" '{"subject":"bench"}' | jq -r .id; }
write_batch() { call POST "$GATEWAY/v1/spaces/$1/change-requests/$2/content" "@$3" >/dev/null; }
merge_branch() { call POST "$GATEWAY/v1/spaces/$1/change-requests/$2/merge" >/dev/null; }

# seed_space ORG TITLE DIR: a new space titled TITLE, written through the API from the batch files DIR/batch-*.json
# (each a {"changes": [...]} body) on one change request, then merged. Prints progress every 30 s on stderr; sets
# SEEDED_SPACE (its id), SEEDED_SECONDS (the whole) and MERGE_SECONDS (the merge alone).
seed_space() {
  local org=$1 title=$2 dir=$3 branch batch batches written=0 start last merged_at
  batches=$(find "$dir" -name 'batch-*.json' | wc -l)
  SEEDED_SPACE=$(call POST "$GATEWAY/v1/orgs/$org/spaces" "$(jq -nc --arg t "$title" '{title: $t}')" | jq -r .id)
  start=$EPOCHREALTIME
  last=${start%.*}
  branch=$(open_branch "$SEEDED_SPACE")
  for batch in "$dir"/batch-*.json; do
    write_batch "$SEEDED_SPACE" "$branch" "$batch"
    written=$((written + 1))
    if ((${EPOCHREALTIME%.*} - last >= 30)); then
      last=${EPOCHREALTIME%.*}
      echo "    $title: $written/$batches batches written ($(seconds_since "$start") s)" >&2
    fi
  done
  merged_at=$EPOCHREALTIME
  merge_branch "$SEEDED_SPACE" "$branch"
  SEEDED_SECONDS=$(seconds_since "$start")
  MERGE_SECONDS=$(seconds_since "$merged_at")
}
