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
    private static final Set<String> V167 = Set.of("0.167.0");
    private static final Set<String> V202 = Set.of("0.202.0");
    private static final Set<String> BOTH = Set.of("0.167.0", "0.202.0");
    private static final String CHANGE_REQUEST_FROM_CONTENT = "content-service answers with the change request as it "
            + "knows it (id, number, status, revisions, urls); its subject, author and open-comment count live in "
            + "review-service: GET the change request for them";

    static final List<Entry> ENTRIES = List.of(
            entry(V202, "GET /v1/orgs/ID/members(/ID)?|GET /v1/orgs/ID/teams/ID/members"
                            + "|GET /v1/spaces/ID(/change-requests/ID)?/commenters"
                            + "|PATCH /v1/orgs/ID/members/ID|POST /v1/orgs/ID/members/ID/sso",
                    "missing required properties \\(\\[\"sites\"\\]\\)",
                    "Member.sites (new in 0.202.0) counts the sites a member reaches; sites come with issue 15"),
            entry(BOTH, "GET /v1/spaces/ID/(revisions/ID|content|change-requests/ID/content)",
                    "\\[Path '/mergedFrom'\\] Object has missing required properties \\(\\[\"comments\",\"createdBy\",\"subject\"\\]\\)",
                    "Revision.mergedFrom: " + CHANGE_REQUEST_FROM_CONTENT),
            entry(V202, "POST /v1/spaces/ID/change-requests/ID/content",
                    "(\\[Path '/changeRequest'\\] )?Object has missing required properties \\(\\[\"comments\",\"createdBy\",\"subject\"\\]\\)",
                    "the import's changeRequest: " + CHANGE_REQUEST_FROM_CONTENT),
            entry(V202, "GET /v1/spaces/ID/search|GET /v1/orgs/ID/search",
                    "missing required properties \\(\\[\"description\"\\]\\)",
                    "SearchPageResult.description (required from 0.202.0): the search index does not keep page descriptions yet"),
            entry(V167, "GET /v1/spaces/ID(/change-requests/ID)?/(links|content/(page|files)/ID/(links|backlinks))",
                    "versionContext/revision'\\] Instance type \\(string\\)",
                    "a link's locations name their organization ({object, id}) and revision (versionContext.revision, "
                            + "an id) by reference, where GitBook's ContentLocation wants whole Organization and Revision "
                            + "objects (a Revision carries the whole page tree and files: too much to repeat in every "
                            + "link); the rest (kind, file, page with its pages) is as documented, see ContentLinksTest"),
            entry(BOTH, "POST /v1/orgs/ID/invites", "Response status 201 not defined",
                    "a body of only {role} creates an invite link (201, an Invite): a Bindery shortcut beside "
                            + "POST /link-invites; e-mail invites answer 200 as documented"));

    private ConformanceAllowlist() {
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
