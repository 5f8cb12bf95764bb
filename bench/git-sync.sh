#!/usr/bin/env bash
# Git Sync benchmark (issue 32), against a running stack, with a local bare repository the stack reaches by file://
# (the local stack allows it: bindery.git-sync.allow-file-urls; integrations-service must see this machine's /tmp):
#   1. a GitBook-layout repository of PAGES pages is pushed, and PUT git/sync (priority git) imports it: the time
#      from the PUT to git/info's success;
#   2. a site publishes the space; one page is edited and pushed, and a GitHub-signed push webhook is posted: the
#      time from the webhook to the new text on the published site (/s/<site>/<page>.md, as a visitor reads it);
#   3. a change request edits the home page and is merged: the time from the merge to the new commit on the
#      repository's main.
# The same steps as e2e-tests' GitSyncE2ETest, timed ROUNDS times (2 and 3); prints each figure and the median.
#
#   ./platform up && bench/git-sync.sh
#   bench/git-sync.sh http://127.0.0.1:8080 .platform/admin-token
#   PAGES=1000 ROUNDS=5 bench/git-sync.sh
#
# Args (optional, else the env of lib.sh): GATEWAY TOKEN_FILE. Env: PAGES (100), ROUNDS (3), TIMEOUT (60 s, per wait),
# INTEGRATIONS_LOG (default .platform/logs/integrations-service.log when there): each export's steps, as
# integrations-service logs them ("git sync export of space …: fetch, content, layout, commit, push" in ms), are
# printed after the figures.
# Targets (issue 32): import of 1,000 pages < 10 s; webhook to visible on the site < 3 s; merge to pushed commit < 2 s.
set -euo pipefail
export LC_ALL=C
BENCH=git-sync.sh
[[ $# -lt 1 ]] || export GATEWAY=$1
[[ $# -lt 2 ]] || export TOKEN_FILE=$2
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
PAGES="${PAGES:-100}"
ROUNDS="${ROUNDS:-3}"
TIMEOUT="${TIMEOUT:-60}"
need git "(apt-get install git)"
need jq "(apt-get install jq)"
need openssl "(apt-get install openssl), to sign the webhook"
bench_login
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
chmod 755 "$WORK" # integrations-service may run as another user: it reads the bare repository

repo="$WORK/docs.git"
clone="$WORK/work"
git init -q --bare --initial-branch=main "$repo"
git clone -q "file://$repo" "$clone" 2>/dev/null
git -C "$clone" config user.name "Bench Writer"
git -C "$clone" config user.email "bench-writer@example.com"
git -C "$clone" symbolic-ref HEAD refs/heads/main

# GitBook's layout: README.md first, SUMMARY.md as the tree, one .md a page
{
  printf '# Table of contents\n\n* [Home](README.md)\n'
  for ((i = 1; i <= PAGES; i++)); do printf '* [Page %d](page-%d.md)\n' "$i" "$i"; done
} >"$clone/SUMMARY.md"
printf '# Home\n\nHello from Git.\n' >"$clone/README.md"
for ((i = 1; i <= PAGES; i++)); do
  printf -- '---\ndescription: Page %d of the bench\n---\n\n# Page %d\n\nText of page %d, first version.\n' \
    "$i" "$i" "$i" >"$clone/page-$i.md"
done
git -C "$clone" add -A
git -C "$clone" commit -q -m "Docs: $PAGES pages"
git -C "$clone" push -q origin HEAD:refs/heads/main

org=$(call POST "$GATEWAY/v1/orgs" "$(jq -nc --arg t "Git Sync bench $(date -u +%FT%TZ)" '{title: $t}')" | jq -r .id)
space=$(call POST "$GATEWAY/v1/orgs/$org/spaces" '{"title":"Git Sync bench"}' | jq -r .id)

# git_state: git/info's operation.state ("" before any)
git_state() { call GET "$GATEWAY/v1/spaces/$space/git/info" | jq -r '.operation.state // ""'; }

# await_end: waits until no operation runs; dies unless the last one succeeded
await_end() {
  local state deadline=$((${EPOCHREALTIME%.*} + TIMEOUT))
  while :; do
    state=$(git_state)
    [[ $state == running ]] || break
    ((${EPOCHREALTIME%.*} < deadline)) || die "git/info still running after $TIMEOUT s"
    sleep 0.05
  done
  [[ $state == success ]] || die "the Git operation ended $state: $(call GET "$GATEWAY/v1/spaces/$space/git/info" | jq -c .operation)"
}

# until_true WHAT COMMAND...: runs COMMAND every 50 ms until it succeeds; dies after TIMEOUT s
until_true() {
  local what=$1 deadline=$((${EPOCHREALTIME%.*} + TIMEOUT))
  shift
  until "$@"; do
    ((${EPOCHREALTIME%.*} < deadline)) || die "$what: not seen after $TIMEOUT s"
    sleep 0.05
  done
}

# 1. the import of the whole repository through PUT git/sync (Git has priority)
start=$EPOCHREALTIME
sync=$(call PUT "$GATEWAY/v1/spaces/$space/git/sync" \
  "$(jq -nc --arg u "file://$repo" '{url: $u, ref: "refs/heads/main", priority: "git"}')")
await_end
import_seconds=$(seconds_since "$start")
secret=$(jq -r .webhookSecret <<<"$sync")
hook_path=$(jq -r .webhookUrl <<<"$sync" | sed -E 's#^[a-z]+://[^/]+##')
pages=$(call GET "$GATEWAY/v1/spaces/$space/content/pages")
imported=$(jq '[.. | objects | select(has("path") and has("title"))] | length' <<<"$pages")
page_path=$(jq -r '[.. | objects | select(.title? == "Page 1")][0].path' <<<"$pages")
home=$(jq -r '.pages[0].id' <<<"$pages")
[[ $page_path != null && -n $page_path ]] || die "no page \"Page 1\" after the import: $(head -c 300 <<<"$pages")"
echo "import of $PAGES pages (+ home) through PUT git/sync, to success: $import_seconds s ($imported pages in the space)"

site=$(call POST "$GATEWAY/v1/orgs/$org/sites" "$(jq -nc --arg s "$space" '{title: "Git Sync bench", spaces: [$s]}')" | jq -r .id)
call POST "$GATEWAY/v1/orgs/$org/sites/$site/publish" >/dev/null
published() { curl -s "$GATEWAY/s/$site/$page_path.md" | grep -qF "$1"; }
until_true "page 1 on the published site" published "first version"

# hmac BODY: GitHub's X-Hub-Signature-256 value
hmac() { printf '%s' "$1" | openssl dgst -sha256 -hmac "$secret" | awk '{print "sha256=" $NF}'; }
head_of_repo() { git --git-dir="$repo" rev-parse refs/heads/main; }
moved_from() { [[ $(head_of_repo) != "$1" ]]; }

hooks=()
merges=()
for ((r = 1; r <= ROUNDS; r++)); do
  # 2. a push of one page and its signed webhook, to the new text on the published site
  git -C "$clone" pull -q --rebase origin main
  printf -- '---\ndescription: Page 1 of the bench\n---\n\n# Page 1\n\nText of page 1, round %d.\n' "$r" >"$clone/page-1.md"
  git -C "$clone" commit -q -am "Page 1, round $r"
  git -C "$clone" push -q origin HEAD:refs/heads/main
  after=$(git -C "$clone" rev-parse HEAD)
  body=$(jq -nc --arg a "$after" '{ref: "refs/heads/main", before: "0000000000000000000000000000000000000000", after: $a, commits: []}')
  start=$EPOCHREALTIME
  status=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H 'Content-Type: application/json' \
    -H 'X-GitHub-Event: push' -H "X-Hub-Signature-256: $(hmac "$body")" --data-binary "$body" "$GATEWAY$hook_path")
  [[ $status == 202 ]] || die "the webhook answered $status"
  until_true "round $r's push on the published site" published "round $r."
  hooks+=("$(seconds_since "$start")")
  await_end

  # 3. a change request merged in Bindery, to its commit on the repository's main
  before=$(head_of_repo)
  cr=$(call POST "$GATEWAY/v1/spaces/$space/change-requests" "$(jq -nc --arg r "$r" '{subject: ("Bench round " + $r), status: "open"}')" | jq -r .id)
  call POST "$GATEWAY/v1/spaces/$space/change-requests/$cr/content?compat=false" \
    "$(jq -nc --arg p "$home" --arg r "$r" '{changes: [{operation: "update_page", page: $p, document: {markdown: ("Hello from Bindery, round " + $r + ".")}}]}')" >/dev/null
  start=$EPOCHREALTIME
  merge_branch "$space" "$cr"
  until_true "round $r's merge as a commit" moved_from "$before"
  merges+=("$(seconds_since "$start")")
  git --git-dir="$repo" log -1 --format=%B refs/heads/main | grep -q '^Bindery-Change-Request: ' \
    || die "the pushed commit has no Bindery-Change-Request trailer"
  await_end
done

median() { printf '%s\n' "$@" | sort -n | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
echo "webhook to visible on the published site: ${hooks[*]} s (median $(median "${hooks[@]}") s)"
echo "merge to pushed commit:                   ${merges[*]} s (median $(median "${merges[@]}") s)"
INTEGRATIONS_LOG="${INTEGRATIONS_LOG:-$(dirname "${BASH_SOURCE[0]}")/../.platform/logs/integrations-service.log}"
if [[ -r $INTEGRATIONS_LOG ]]; then
  echo "each export's steps (integrations-service's log):"
  # plain or JSON log lines: the message alone
  grep -oE "git sync export of space $space [^\"]*" "$INTEGRATIONS_LOG" | sed -E 's/^git sync export of space [^ ]+ /  /' || true
fi
call DELETE "$GATEWAY/v1/spaces/$space/git/sync" >/dev/null
