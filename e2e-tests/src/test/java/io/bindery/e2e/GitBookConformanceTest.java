package io.bindery.e2e;

import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.model.SimpleResponse;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The conformance check itself: it must refuse what GitBook's documents refuse, and pass what they allow. */
class GitBookConformanceTest {
    private static final GitBookConformance CHECK = GitBookConformance.FILTER;

    private static final String ORGANIZATION = """
            {"object": "organization", "id": "o1", "title": "Acme docs", "createdAt": "2026-01-01T00:00:00.000Z",
             "emailDomains": [], "type": "business", "defaultRole": null, "sso": false, "ai": false,
             "inviteLinks": true, "plan": "free", "mergeRules": {"type": "none"},
             "trial": {"status": "notapplicable", "count": 0},
             "urls": {"location": "http://x/v1/orgs/o1", "app": "http://x/o/o1"},
             "permissions": {"view": true, "access": true, "admin": false, "ownTeam": false, "createContent": false,
              "createOpenAPISpec": false, "viewBilling": false, "listMembers": true, "listTeams": true,
              "listIntegrations": true, "listInstallations": false, "installIntegration": false}%s}""";

    private static SimpleResponse ok(String body) {
        return SimpleResponse.Builder.ok().withContentType("application/json").withBody(body).build();
    }

    @Test
    void anOrganizationAsBinderyShapesItConforms() {
        assumeTrue(CHECK.enabled(), "BINDERY_E2E_GITBOOK_SPECS unset");
        assertEquals(java.util.List.of(), CHECK.findings("GET", "/v1/orgs/o1", ok(ORGANIZATION.formatted(""))));
    }

    @Test
    void whatGitBookRefusesIsFound() {
        assumeTrue(CHECK.enabled(), "BINDERY_E2E_GITBOOK_SPECS unset");
        // the defect issue 13 named: defaultContent null, where GitBook has a non-nullable object
        var nullContent = CHECK.findings("GET", "/v1/orgs/o1", ok(ORGANIZATION.formatted(", \"defaultContent\": null")));
        assertEquals(2, nullContent.size(), nullContent.toString()); // one per document
        assertTrue(nullContent.get(0).contains("defaultContent"), nullContent.get(0));
        // a required field missing, and a wrong status for a documented operation
        assertTrue(CHECK.findings("GET", "/v1/orgs/o1", ok("{\"object\": \"organization\", \"id\": \"o1\"}")).size() >= 2);
        var created = SimpleResponse.Builder.status(201).withContentType("application/json")
                .withBody(ORGANIZATION.formatted("")).build();
        var wrongStatus = CHECK.findings("GET", "/v1/orgs/o1", created);
        assertTrue(!wrongStatus.isEmpty() && wrongStatus.stream().allMatch(f -> f.contains("status.unknown")), wrongStatus.toString());
    }

    @Test
    void routesGitBookDoesNotDocumentAreNotJudged() {
        assumeTrue(CHECK.enabled(), "BINDERY_E2E_GITBOOK_SPECS unset");
        assertEquals(java.util.List.of(), CHECK.findings("GET", "/v1/orgs/o1/no-such-route", ok("{}")));
    }

    private static SimpleRequest patchOrg(String body) {
        return SimpleRequest.Builder.patch("/v1/orgs/o1").withContentType("application/json")
                .withHeader("Authorization", "Bearer t").withBody(body).build();
    }

    @Test
    void whatGitBookWouldNotSendIsFoundInRequests() {
        assumeTrue(CHECK.enabled(), "BINDERY_E2E_GITBOOK_SPECS unset");
        assertEquals(java.util.List.of(), CHECK.requestFindings("PATCH", "/v1/orgs/o1", patchOrg("{\"title\": \"Acme docs\"}")));
        var extra = CHECK.requestFindings("PATCH", "/v1/orgs/o1", patchOrg("{\"title\": \"Acme docs\", \"colour\": \"red\"}"));
        assertEquals(2, extra.size(), extra.toString()); // one per document
        assertTrue(extra.get(0).contains("body field 'colour'"), extra.get(0));
        var wrongType = CHECK.requestFindings("PATCH", "/v1/orgs/o1", patchOrg("{\"title\": 5}"));
        assertTrue(!wrongType.isEmpty() && wrongType.get(0).contains("title"), wrongType.toString());
        var route = CHECK.requestFindings("POST", "/v1/orgs/o1/no-such-route",
                SimpleRequest.Builder.post("/v1/orgs/o1/no-such-route").withHeader("Authorization", "Bearer t").build());
        assertTrue(!route.isEmpty() && route.get(0).contains("[extension] route"), route.toString());
        // documented query parameters, a role among them (GitBook's parameters are references)
        assertEquals(java.util.List.of(), CHECK.requestFindings("GET", "/v1/orgs/o1/members",
                SimpleRequest.Builder.get("/v1/orgs/o1/members").withHeader("Authorization", "Bearer t")
                        .withQueryParam("role", "admin").withQueryParam("limit", "10").build()));
        // a Bindery extension the allowlist names passes
        assertEquals(java.util.List.of(), CHECK.requestFindings("POST", "/v1/orgs",
                SimpleRequest.Builder.post("/v1/orgs").withContentType("application/json")
                        .withHeader("Authorization", "Bearer t").withBody("{\"title\": \"New\"}").build()));
    }
}
