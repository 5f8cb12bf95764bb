#!/usr/bin/env python3
"""The labelled search set of issue 33 (started, not finished): a docs corpus and queries with their relevant page.

Pages are FEATURE x KIND (an overview of webhooks, the limits of webhooks, ...), written from each feature's and each
kind's own words. Every page gets two queries:
  - keyword: in the page's words (what lexical search is good at);
  - paraphrase: the need in other words, built from the feature's and the kind's paraphrase vocabulary; a paraphrase
    sharing a content word with its target page is dropped, and the count of those dropped is printed.
Half of the queries (by a hash of the query id, not by choice) are held out: never look at their results while tuning.

    bench/search-set/generate.py OUT_DIR      # writes pages.jsonl, queries.jsonl; prints the counts

Issue 33 asks for >= 500 pages and >= 200 queries: FEATURES x KINDS must reach 500 (today: see the printed count).
"""
import hashlib
import json
import re
import sys

# feature: (name as the docs say it, facts in the docs' words, the same thing in a user's words)
FEATURES = [
    ("webhooks", ["a signed POST request is sent to your endpoint", "deliveries are retried with backoff"],
     "automatic callbacks to my server"),
    ("single sign-on", ["SAML identity providers such as Okta", "members authenticate with their corporate account"],
     "logging in through our company directory"),
    ("PDF export", ["generate a PDF of a space or a page", "large spaces render in the background"],
     "printable copy of the docs"),
    ("custom domains", ["point a CNAME record at the platform", "a TLS certificate is issued automatically"],
     "our own web address for the site"),
    ("API tokens", ["personal access tokens authorize HTTP requests", "send the token as a Bearer header"],
     "credentials for scripts that call the service"),
    ("change requests", ["propose edits on a branch", "reviewers approve before merging"],
     "suggesting edits that someone checks first"),
    ("Git Sync", ["synchronize a space with a GitHub repository", "commits become revisions"],
     "keeping pages in step with source control"),
    ("translations", ["machine translate a space into another language", "translated pages update incrementally"],
     "pages in Spanish or French"),
    ("teams", ["group members into teams", "grant a team a role on a space"],
     "groups of colleagues with the same access"),
    ("invoices", ["download invoices from the billing page", "payment methods and plan changes"],
     "what we were charged"),
    ("site analytics", ["page views and search terms of a published site", "export the statistics as CSV"],
     "how many readers visit"),
    ("reusable content", ["write a block once and include it in many pages", "edits propagate everywhere"],
     "the same paragraph shared by several documents"),
]

# kind: (title template, sentences in the docs' words, the need in a user's words)
KINDS = [
    ("{f}: overview", ["{F} explained.", "What {f} does and when to use it."], "what is {p} about"),
    ("Set up {f}", ["Enable {f} in the settings.", "Configure {f} step by step."], "getting started with {p}"),
    ("Permissions for {f}", ["Which roles may manage {f}.", "Administrators control {f}."], "who is allowed to change {p}"),
    ("Limits of {f}", ["Quotas and maximum sizes of {f}.", "Rate limits apply to {f}."], "how much can I do with {p} before I hit a ceiling"),
    ("Troubleshooting {f}", ["Common errors with {f} and fixes.", "If {f} fails, check the logs."], "{p} broke, what now"),
    ("{f} API", ["Endpoints to manage {f} programmatically.", "JSON requests and responses for {f}."], "automating {p} from code"),
    ("Pricing of {f}", ["Which plans include {f}.", "Costs of {f} per seat."], "does {p} cost extra money"),
    ("Migrating {f}", ["Move {f} from another tool.", "Import existing {f} data."], "bringing {p} over from a previous vendor"),
    ("Security of {f}", ["Encryption and audit of {f}.", "How {f} protects data."], "is {p} safe for confidential material"),
    ("Disable {f}", ["Turn off {f}.", "Remove {f} from the organization."], "stop using {p} entirely"),
]

STOP = set("""a an the and or of to in on for with by from at as is are be it its this that these those what which who
how when why can do does i we my our your you me us will would should could may might not no yes if then than so
about into out up down over under again there here all any each every some such only own same other more most very
just also too s t now get got""".split())


def words(text):
    return {w for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in STOP}


def stem(w):
    for suffix in ("ations", "ation", "ings", "ing", "ies", "es", "s", "ed"):
        if w.endswith(suffix) and len(w) - len(suffix) >= 4:
            return w[: -len(suffix)]
    return w


def held_out(query_id):
    return int(hashlib.sha256(query_id.encode()).hexdigest(), 16) % 2 == 1


def main(out):
    pages, queries, dropped = [], [], 0
    for fi, (feature, facts, user_words) in enumerate(FEATURES):
        for ki, (title, sentences, need) in enumerate(KINDS):
            pid = f"p{fi:03d}-{ki:02d}"
            t = title.format(f=feature)
            body = " ".join(s.format(f=feature, F=feature[0].upper() + feature[1:]) for s in sentences)
            body += " " + " ".join(f[0].upper() + f[1:] + "." for f in facts)
            markdown = f"# {t}\n\n{body}\n"
            pages.append({"id": pid, "title": t, "markdown": markdown})
            keyword = f"{feature} {title.format(f='').strip(': ').lower()}".strip()
            queries.append({"id": f"q{pid}-k", "kind": "keyword", "query": keyword, "relevant": [pid]})
            paraphrase = need.format(p=user_words)
            page_stems = {stem(w) for w in words(t + " " + body)}
            if {stem(w) for w in words(paraphrase)} & page_stems:
                dropped += 1
            else:
                queries.append({"id": f"q{pid}-p", "kind": "paraphrase", "query": paraphrase, "relevant": [pid]})
    for q in queries:
        q["heldOut"] = held_out(q["id"])
    with open(f"{out}/pages.jsonl", "w") as f:
        for p in pages:
            f.write(json.dumps(p) + "\n")
    with open(f"{out}/queries.jsonl", "w") as f:
        for q in queries:
            f.write(json.dumps(q) + "\n")
    kinds = {k: sum(1 for q in queries if q["kind"] == k) for k in ("keyword", "paraphrase")}
    print(f"{len(pages)} pages, {len(queries)} queries ({kinds['keyword']} keyword, {kinds['paraphrase']} paraphrase; "
          f"{dropped} paraphrases dropped for sharing a word with their page), "
          f"{sum(q['heldOut'] for q in queries)} held out")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
