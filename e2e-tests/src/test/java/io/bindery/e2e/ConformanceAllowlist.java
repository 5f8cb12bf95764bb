package io.bindery.e2e;

import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Where Bindery's responses knowingly differ from one of GitBook's OpenAPI documents, each entry with its reason.
 * An entry is narrow: the document versions, the requests (method and path) it covers, and a pattern the whole finding (with
 * the nested reasons of a oneOf/allOf, as {@link GitBookConformance} describes it) must contain. Keep it short:
 * anything else that fails {@link GitBookConformance} is a defect to fix.
 */
final class ConformanceAllowlist {
    /** Covers a finding of one of {@code versions} on a request whose "METHOD path" matches {@code request}. */
    record Entry(Set<String> versions, Pattern request, Pattern finding, String reason) {
        boolean covers(String version, String method, String path, String finding) {
            return versions.contains(version) && request.matcher(method + " " + path).matches()
                    && this.finding.matcher(finding).find();
        }
    }

    private static final String ID = "[^/]+";
    private static final String EXTENSION_ROUTE = "request: \\[extension\\] route not in GitBook's documents";
    private static String extensionField(String field) {
        return "request: \\[extension\\] body field '" + field + "' is not in";
    }
    private static final Set<String> V167 = Set.of("0.167.0");
    private static final Set<String> V202 = Set.of("0.202.0");
    private static final Set<String> BOTH = Set.of("0.167.0", "0.202.0");

    static final List<Entry> ENTRIES = List.of(
            entry(V202, "POST /v1/spaces/ID/change-requests/ID/content",
                    "missing required properties \\(\\[\"comments\",\"createdAt\",\"createdBy\",\"id\",\"number\",\"object\","
                            + "\"outdated\",\"revision\",\"revisionInitial\",\"space\",\"status\",\"subject\",\"updatedAt\",\"urls\"\\]\\)",
                    "?compat=false answers {changeRequest, pages} (the pages the batch wrote), a Bindery extension; "
                            + "without it the answer is GitBook's ChangeRequest, checked whole"),
            entry(V202, "GET /v1/spaces/ID(/git/info)?",
                    "missing required properties \\(\\[\"installationProvider\"\\]\\)",
                    "GitSyncState.installationProvider (0.202.0; git/info and a synced Space's gitSync) names only "
                            + "GitHub and GitLab; Bindery syncs any Git host (here the test's file:// repository) and "
                            + "names none for the others"),
            entry(V167, "GET /v1/spaces/ID(/change-requests/ID)?/(links|content/(page|files)/ID/(links|backlinks))",
                    "versionContext/revision'\\] Instance type \\(string\\)",
                    "a link's locations name their organization ({object, id}) and revision (versionContext.revision, "
                            + "an id) by reference, where GitBook's ContentLocation wants whole Organization and Revision "
                            + "objects (a Revision carries the whole page tree and files: too much to repeat in every "
                            + "link); the rest (kind, file, page with its pages) is as documented, see ContentLinksTest"),
            entry(BOTH, "POST /v1/orgs/ID/invites", "Response status 201 not defined",
                    "a body of only {role} creates an invite link (201, an Invite): a Bindery shortcut beside "
                            + "POST /link-invites; e-mail invites answer 200 as documented"),
            // ---- requests Bindery accepts that GitBook's documents do not describe: Bindery extensions (README) ----
            entry(BOTH, "POST /v1/admin/users(/ID/tokens)?", EXTENSION_ROUTE,
                    "Bindery's admin API makes users and their API tokens; GitBook's API has no way to make either"),
            entry(BOTH, "POST /v1/orgs", EXTENSION_ROUTE,
                    "creating an organization: GitBook's API has no such call (its organizations are made in the app)"),
            entry(BOTH, "POST /v1/orgs/ID/sites/ID/sections", "request: .*missing required properties \\(\\[\"spaceId\"\\]\\)",
                    "a section without spaceId is made empty, as with spaceId null (GitBook requires the field, nullable)"),
            entry(BOTH, "(POST|DELETE) /v1/user/tokens(/ID)?", EXTENSION_ROUTE,
                    "a user mints and revokes its own API tokens; GitBook's API has no call for either"),
            entry(BOTH, "GET /v1/spaces/ID(/change-requests/ID|/revisions/ID)?/content/path/.+/.+", EXTENSION_ROUTE,
                    "a page path of several segments: GitBook documents {pagePath} as one segment, yet its client "
                            + "(getPageByPath) puts the path in unencoded, slashes and all"),
            entry(BOTH, "POST /v1/orgs/ID/invites", "request: .*missing required properties \\(\\[\"emails\"\\]\\)",
                    "a body of only {role} creates an invite link: a Bindery shortcut beside POST /link-invites"),
            entry(V202, "POST /v1/spaces/ID/change-requests/ID/content", extensionField("changes.\\[\\](type|href)"),
                    "a page's type (document, group, link) and a link's href in the batch: groups and link pages, "
                            + "which GitBook's batch cannot make (Git Sync imports SUMMARY.md's headings and links)"),
            entry(BOTH, "PATCH /v1/spaces/ID", extensionField("visibility"),
                    "a space's visibility is set with PATCH (GitBook's document leaves it out of the body)"),
            entry(BOTH, "PATCH /v1/spaces/ID", "\\[Path '/language'\\] Instance value \\(null\\)",
                    "language null clears a space's language"),
            entry(BOTH, "PATCH /v1/spaces/ID/change-requests/ID|PATCH /v1/collections/ID",
                    "\\[Path '/description'\\] Instance type \\(null\\)", "description null clears it"),
            entry(BOTH, "(POST|PUT|PATCH) /v1/.*",
                    "\\[Path '/(description|body/document|instructions)'\\] Object has missing required properties \\(\\[\"data\"\\]\\)",
                    "a rich-text document without data is read as data {}"),
            entry(BOTH, "POST /v1/orgs/ID/spaces", "request: \\[validation.request.contentType.notAllowed\\] Request Content-Type header '\\[application/x-www-form-urlencoded",
                    "a POST without a body makes an untitled space (RestAssured labels the empty request form-urlencoded)"),
            entry(BOTH, "PATCH /v1/orgs/ID/saml/ID", "\\[Path '/defaultTeam'\\] Instance type \\(null\\)",
                    "defaultTeam null removes a SAML provider's default team"),
            entry(BOTH, "GET /v1/email-domains/ID/o", EXTENSION_ROUTE,
                    "spec/api.md's seed operation (organizations matching an e-mail domain), which neither GitBook document has"),
            entry(BOTH, "GET /v1/spaces/ID/revisions/ID/files/ID/download", EXTENSION_ROUTE,
                    "a file's bytes, behind File.downloadURL (GitBook serves them from its CDN)"),
            entry(BOTH, "GET /v1/orgs/ID/sites/ID/published", "Query parameter 'visitor\\.[^']+' is unexpected",
                    "visitor.<claim> query parameters read the published site as a visitor with those claims"),
            entry(BOTH, "PATCH /v1/orgs/ID/sites/ID", extensionField("hostname"),
                    "a site's own hostname is set with PATCH (README: a site on its own hostname); GitBook's body has no hostname"),
            entry(V167, "POST /v1/spaces/ID/transfer", extensionField("parent"),
                    "a transfer into a collection of the target organization (spec/api.md: to another organization, "
                            + "collection or both; 0.202.0 no longer documents the route)"));

    private ConformanceAllowlist() {
    }

    /**
     * Findings of the acceptance sweep ({@link AcceptanceSweepE2ETest}) and the bad-input sweep
     * ({@link BadInputSweepE2ETest}) that are known: an operation ("METHOD /template"), the check ("minimal",
     * "full", "wrong-type FIELD", or a bad-input probe's name) and a pattern the finding must contain.
     */
    record SweepEntry(Pattern operation, Pattern check, Pattern finding, String reason) {
    }

    /**
     * Empty since the 0.202.0 fields Bindery does not implement are type-checked (issue 28, FINDINGS.md F1): add an
     * entry here only with a reason.
     */
    static final List<SweepEntry> SWEEP = List.of();

    @SuppressWarnings("unused") // for the next entry
    private static SweepEntry sweepEntry(String operation, String check, String finding, String reason) {
        return new SweepEntry(Pattern.compile(operation), Pattern.compile(check), Pattern.compile(finding), reason);
    }

    /** The reason a sweep finding is allowed, or null. */
    static String sweep(String operation, String check, String finding) {
        for (SweepEntry e : SWEEP) {
            if (e.operation().matcher(operation).matches() && e.check().matcher(check).matches()
                    && e.finding().matcher(finding).find()) {
                return e.reason();
            }
        }
        return null;
    }

    private static Entry entry(Set<String> versions, String requests, String finding, String reason) {
        return new Entry(versions, Pattern.compile(requests.replace("ID", ID)), Pattern.compile(finding), reason);
    }

    /** The reason a finding is allowed, or null. */
    static String reason(String version, String method, String path, String finding) {
        for (Entry e : ENTRIES) {
            if (e.covers(version, method, path, finding)) {
                return e.reason();
            }
        }
        return null;
    }
}
