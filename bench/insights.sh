#!/usr/bin/env bash
# Insights benchmark (issue 19), through the gateway:
#  1. clustering: ISSUES conversations (one issue each) about TOPICS problems worded from topic and filler words are
#     ingested (PARALLEL at a time); once insights' worker has extracted every issue, the next scheduled full recompute
#     is awaited in insights-service's log, which gives its time (and the engine's); then one more conversation, and
#     the recompute after it (a later recompute). Every recompute of the organization seen meanwhile is listed.
#     insights-service's RSS is sampled every 0.2 s from before the first ingest to the end (peak, and VmHWM: the
#     process's highest RSS since it started), with the load average (the machine may be shared).
#  2. translation: a space of PAGES pages of English prose (with headings, lists, code and links) is translated into
#     Spanish by POST …/run (Apertium); prints seconds per 1,000 words, then a second run with nothing changed.
#
#   ./platform up && bench/insights.sh
#   ISSUES=2000 PAGES=10 bench/insights.sh
#
# Env: GATEWAY, TOKEN_FILE (see lib.sh), ISSUES (10000), TOPICS (12), PARALLEL (8), PAGES (20), RECOMPUTE_WAIT (180 s).
# Targets (issue 19): clustering 10,000 issues < 10 s with insights-service under 250 MB RSS.
set -euo pipefail
export LC_ALL=C
BENCH=insights.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ISSUES="${ISSUES:-10000}"
TOPICS="${TOPICS:-12}"
PARALLEL="${PARALLEL:-8}"
PAGES="${PAGES:-20}"
RECOMPUTE_WAIT="${RECOMPUTE_WAIT:-180}"
need jq "(apt-get install jq)"
need python3 "to generate conversations and pages"
bench_login
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"; [[ -z ${SAMPLER:-} ]] || kill "$SAMPLER" 2>/dev/null || true' EXIT
LOG="$STATE_DIR/logs/insights-service.log"
PIDFILE="$STATE_DIR/pids/insights-service.pid"
[[ -r $PIDFILE ]] || die "no insights-service pid at $PIDFILE (set BINDERY_STATE_DIR to the stack's)"
PID=$(cat "$PIDFILE")
rss() { awk '/^VmRSS/ {printf "%.0f", $2 / 1024}' "/proc/$PID/status"; }
hwm() { awk '/^VmHWM/ {printf "%.0f", $2 / 1024}' "/proc/$PID/status"; }
load() { cut -d' ' -f1-3 /proc/loadavg; }
# recompute LINE: "10000 issues ... in 758 ms (engine 116 ms, 0 moved)" from a log line of ClusteringSchedule
recompute() { sed -n 's/.*"message":"clustered \([0-9]* issues\) of [^ ]* into \([0-9]* clusters in [0-9]* ms ([^)]*)\).*/\1 into \2/p'; }

org=$(call POST "$GATEWAY/v1/orgs" "$(jq -nc --arg t "Insights bench $(date -u +%FT%TZ)" '{title: $t}')" | jq -r .id)
echo "organization $org; insights-service pid $PID, RSS $(rss) MB at the start (VmHWM $(hwm) MB); load $(load)"

# 1. clustering
python3 - "$WORK/conversations" "$ISSUES" "$TOPICS" <<'PY'
import json, os, random, sys
out, n, topics = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(19)
nouns = ("login password export pdf domain certificate search index invoice payment webhook token image upload "
         "theme logo font sync branch merge member invite permission table diagram embed sitemap analytics comment "
         "translation language cache redirect api key editor markdown page").split()
filler = "today again our team the page when we try after the update on mobile in chrome for the site".split()
verbs = ["I can't", "We are unable to", "It fails when I", "How do I", "Is there a way to", "Error when we"]
actions = "open use change set up configure update remove add find see".split()
# each topic its own three nouns (up to 12 topics); verbs, actions and filler words are shared
topic_words = [nouns[3 * t % len(nouns):3 * t % len(nouns) + 3] for t in range(topics)]
os.makedirs(out)
for i in range(n):
    t = i % topics
    words = topic_words[t]
    text = "%s %s the %s %s, %s %s." % (rng.choice(verbs), rng.choice(actions), words[0], rng.choice(words[1:]),
                                         " ".join(rng.sample(filler, 3)), rng.choice(words))
    body = {"id": "b%d" % i, "subject": text[:40],
            "metadata": {"createdAt": "2026-%02d-%02dT10:00:00Z" % (rng.randint(9, 11), rng.randint(1, 28)),
                         "attributes": {"source": rng.choice(["intercom", "zendesk", "slack"])}},
            "parts": [{"type": "message", "role": "user", "body": text},
                      {"type": "message", "role": "assistant", "body": "Thanks, we are looking into it."}]}
    with open(os.path.join(out, "%06d.json" % i), "w") as f:
        json.dump(body, f)
PY
( while sleep 0.2; do rss; echo; done ) >"$WORK/rss" &
SAMPLER=$!
start=$EPOCHREALTIME
ls "$WORK/conversations" | xargs -P "$PARALLEL" -I{} curl -sS -o /dev/null -w '%{http_code}\n' -X POST \
  -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' --data-binary "@$WORK/conversations/{}" \
  "$GATEWAY/v1/orgs/$org/conversations" >"$WORK/statuses"
bad=$(grep -vc '^204$' "$WORK/statuses" || true)
[[ $bad == 0 ]] || die "$bad ingests did not answer 204: $(sort "$WORK/statuses" | uniq -c | tr '\n' ' ')"
echo "ingested $ISSUES conversations in $(seconds_since "$start") s ($PARALLEL at a time); RSS peak so far $(sort -n "$WORK/rss" | tail -1) MB; load $(load)"
while :; do
  n=$(call GET "$GATEWAY/v1/orgs/$org/conversations-issues?limit=1" | jq .count)
  [[ $n -ge $ISSUES ]] && break
  sleep 1
done
echo "issues extracted $(seconds_since "$start") s after the first ingest"
waited=0
until line=$(grep "clustered $ISSUES issues of $org " "$LOG" | tail -1) && [[ -n $line ]]; do
  ((waited++ < RECOMPUTE_WAIT)) || die "no full recompute of $ISSUES issues in $LOG within $RECOMPUTE_WAIT s"
  sleep 1
done
echo "recompute: $(recompute <<<"$line")"
# a later recompute: one more conversation, and the recompute that follows
jq '.id = "b-later" | .parts[0].body = "How do I set up the invoice payment again?"' "$WORK/conversations/000000.json" \
  >"$WORK/later.json"
call POST "$GATEWAY/v1/orgs/$org/conversations" "@$WORK/later.json" >/dev/null
later=$((ISSUES + 1))
waited=0
until line=$(grep "clustered $later issues of $org " "$LOG" | tail -1) && [[ -n $line ]]; do
  ((waited++ < RECOMPUTE_WAIT)) || die "no recompute of $later issues in $LOG within $RECOMPUTE_WAIT s"
  sleep 1
done
echo "later recompute: $(recompute <<<"$line")"
echo "every recompute of $org: $(grep "clustered [0-9]* issues of $org " "$LOG" | recompute | sed 's/ into [0-9]* clusters in / in /; s/ (engine / (/' | paste -sd';' | sed 's/;/; /g')"
kill "$SAMPLER"; SAMPLER=""
peak=$(sort -n "$WORK/rss" | tail -1)
clusters=$(call GET "$GATEWAY/v1/orgs/$org/conversations-clusters?limit=100&orderBy=issues")
echo "clusters: $(jq .count <<<"$clusters") (of $TOPICS topics); largest: $(jq -r '[.items[:5][] | "\(.label) (\(.stats.issues))"] | join("; ")' <<<"$clusters")"
echo "insights-service RSS: peak $peak MB while ingesting, extracting and clustering, $(rss) MB now; VmHWM $(hwm) MB; load $(load)"

# 2. translation
python3 - "$WORK/batch.json" "$PAGES" <<'PY'
import json, random, sys
out, pages = sys.argv[1], int(sys.argv[2])
rng = random.Random(7)
words = ("the house is big and the garden is green we open the door every morning and read the book "
         "install the package configure the space write a new page choose the colour of the theme").split()
def sentence():
    s = " ".join(rng.choice(words) for _ in range(rng.randint(8, 16)))
    return s[0].upper() + s[1:] + "."
changes = []
for i in range(pages):
    md = "\n\n".join([" ".join(sentence() for _ in range(4)), "## Details", " ".join(sentence() for _ in range(3)),
                      "- " + sentence() + "\n- " + sentence(), "```sh\nnpm install bindery\n```",
                      "Read the [guide](https://example.com/guide) and use `bindery.yaml`. " + sentence()])
    changes.append({"operation": "insert_page", "title": "Page %d of the guide" % i, "slug": "page-%d" % i,
                    "document": {"markdown": md}})
json.dump({"changes": changes}, open(out, "w"))
PY
space=$(call POST "$GATEWAY/v1/orgs/$org/spaces" '{"title": "Translation bench"}' | jq -r .id)
cr=$(call POST "$GATEWAY/v1/spaces/$space/change-requests" '{"subject": "pages", "status": "open"}' | jq -r .id)
call POST "$GATEWAY/v1/spaces/$space/change-requests/$cr/content" "@$WORK/batch.json" >/dev/null
call POST "$GATEWAY/v1/spaces/$space/change-requests/$cr/merge" >/dev/null
tr=$(call POST "$GATEWAY/v1/orgs/$org/translations" "$(jq -nc --arg s "$space" '{source: {space: $s, language: "en"}, language: "es"}')" | jq -r .id)
start=$EPOCHREALTIME
call POST "$GATEWAY/v1/orgs/$org/translations/$tr/run" >/dev/null
first=$(seconds_since "$start")
stats=$(call GET "$GATEWAY/v1/orgs/$org/translations/$tr" | jq -c .stats)
w=$(jq .latestWords <<<"$stats")
echo "translation of $PAGES pages, $w words: run $first s (content, review and Apertium), $(awk -v s="$first" -v w="$w" 'BEGIN {printf "%.2f", s * 1000 / w}') s per 1,000 words"
start=$EPOCHREALTIME
call POST "$GATEWAY/v1/orgs/$org/translations/$tr/run" >/dev/null
echo "second run, nothing changed: $(seconds_since "$start") s, $(call GET "$GATEWAY/v1/orgs/$org/translations/$tr" | jq .stats.latestPages) pages translated"
echo "insights-service RSS after the runs: $(rss) MB; VmHWM $(hwm) MB; load $(load)"
