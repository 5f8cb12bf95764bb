#!/usr/bin/env python3
"""The labelled search set of issue 33: a docs corpus and queries with their relevant page.

Pages are FEATURE x KIND (an overview of webhooks, the limits of webhooks, ...), written from each feature's and each
kind's own words. Every page gets two queries:
  - keyword: in the page's words (what lexical search is good at);
  - paraphrase: the need in other words, built from the feature's and the kind's paraphrase vocabulary; a paraphrase
    sharing a content word with its target page is dropped, and the count of those dropped is printed.
Half of the queries (by a hash of the query id, not by choice) are held out: never look at their results while tuning.

    bench/search-set/generate.py OUT_DIR      # writes pages.jsonl, queries.jsonl; prints the counts

Issue 33 asks for >= 500 pages and >= 200 queries, half of them paraphrased: 52 features x 10 kinds = 520 pages;
a keyword query is kept for each page whose paraphrase survives, so the two kinds are as many.
Score a running stack with bench/search-quality.py; bench/search-set/offline.sh scores the set without one.
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
    ("full-text search", ["find pages by keyword with ranked results", "matches are highlighted in each excerpt"],
     "looking something up quickly"),
    ("comments", ["discuss a paragraph in a thread", "resolve a thread once addressed"],
     "leaving remarks beside text"),
    ("version history", ["every revision of a space is kept", "compare two revisions and restore one"],
     "going back to an earlier state"),
    ("page templates", ["start a page from a predefined layout", "administrators curate the template catalogue"],
     "blueprints for new documents"),
    ("embedded images", ["upload pictures into a page", "files larger than ten megabytes are rejected"],
     "putting screenshots in"),
    ("code blocks", ["syntax highlighting for many languages", "line numbers and a copy button"],
     "showing snippets of programs"),
    ("OpenAPI reference", ["render endpoints from a specification file", "operations grouped by tag"],
     "interactive docs for my REST interface"),
    ("visitor authentication", ["restrict a published site to signed visitors", "a JWT carries visitor claims"],
     "making the public site private"),
    ("adaptive content", ["show blocks conditionally per visitor", "conditions read claims from the visitor token"],
     "different readers seeing different paragraphs"),
    ("site customization", ["choose colors, logo and fonts of a published site", "header links and footer"],
     "branding the look"),
    ("navigation sidebar", ["the table of contents lists groups of pages", "drag entries to reorder them"],
     "menu on the left"),
    ("page links", ["link to another page by its path", "broken links are listed per space"],
     "references between documents"),
    ("drafts", ["unpublished edits stay private until merged", "a draft belongs to its author"],
     "unfinished work nobody should see yet"),
    ("email notifications", ["receive a message when you are mentioned", "digest frequency is set per user"],
     "alerts in my inbox"),
    ("Slack integration", ["post updates to a Slack channel", "unfurl links to pages in Slack"],
     "messages in our chat tool"),
    ("audit log", ["record who changed permissions and when", "entries are kept for one year"],
     "a trail of administrative actions"),
    ("data residency", ["choose the region where content is stored", "European hosting is available"],
     "keeping our material inside the EU"),
    ("backups", ["nightly snapshots of the database", "restore a deleted space within seven days"],
     "recovering lost work"),
    ("guest access", ["invite external collaborators to a single space", "guests see nothing else of the organization"],
     "letting contractors in without full membership"),
    ("SCIM provisioning", ["create and deactivate members from the identity provider", "groups map onto teams"],
     "automatic onboarding and offboarding of staff"),
    ("two-factor authentication", ["require a one-time code at login", "authenticator apps and security keys"],
     "extra protection beyond a password"),
    ("markdown import", ["upload markdown files and folders", "front matter becomes page metadata"],
     "bringing plain text notes in"),
    ("dark mode", ["a dark theme for readers and editors", "follows the operating system preference"],
     "black background at night"),
    ("keyboard shortcuts", ["press a slash to insert a block", "a cheat sheet lists every key combination"],
     "editing without touching the mouse"),
    ("collections", ["group spaces into collections", "a collection's role applies to the spaces inside"],
     "folders for several knowledge bases"),
    ("space permissions", ["grant a user read, comment, edit or admin on a space", "inherit the organization default"],
     "deciding who may look at or modify one knowledge base"),
    ("AI answers", ["readers ask questions in natural language", "answers cite the pages they come from"],
     "a chatbot for our documentation"),
    ("search analytics", ["queries that returned no result are listed", "the most searched terms per week"],
     "what readers hunt for and miss"),
    ("localization", ["serve the site in several languages", "a language switcher in the header"],
     "readers picking their own tongue"),
    ("print styles", ["hide navigation when printing", "page breaks before headings"],
     "making paper output look right"),
    ("rate limiting", ["requests beyond the quota receive status 429", "the Retry-After header says when to try again"],
     "being throttled for calling too often"),
    ("SDK", ["a JavaScript client library wraps every endpoint", "install the package from npm"],
     "a ready-made helper for programmers"),
    ("CLI", ["a command-line tool publishes from a terminal", "authenticate the tool with a token"],
     "shell utility for deployments"),
    ("status page", ["incidents and uptime of the service", "subscribe to incident updates"],
     "whether things are currently down"),
    ("organization settings", ["rename the organization and change its URL", "transfer ownership to another admin"],
     "company-wide preferences"),
    ("member roles", ["owners, admins, editors and readers", "change a member's role from the members list"],
     "levels of power people have"),
    ("file attachments", ["attach PDFs and spreadsheets to a page", "files are scanned for viruses"],
     "uploading documents next to an article"),
    ("tables", ["insert a table with rows and columns", "sort a column by clicking its header"],
     "grids of figures"),
    ("diagrams", ["draw flowcharts with Mermaid syntax", "diagrams render as SVG"],
     "boxes and arrows pictures"),
    ("math formulas", ["write equations in LaTeX", "formulas render inline or as blocks"],
     "scientific notation and equations for physics"),
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
            paraphrase = need.format(p=user_words)
            page_stems = {stem(w) for w in words(t + " " + body)}
            if {stem(w) for w in words(paraphrase)} & page_stems:
                dropped += 1
            else:
                # a keyword query only beside a kept paraphrase: half of the queries are paraphrases
                queries.append({"id": f"q{pid}-k", "kind": "keyword", "query": keyword, "relevant": [pid]})
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
