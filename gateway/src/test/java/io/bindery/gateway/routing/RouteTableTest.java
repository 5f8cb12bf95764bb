package io.bindery.gateway.routing;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RouteTableTest {
    /** The routing table exactly as configured in application.properties. */
    static final RouteTable CONFIGURED = RouteTable.compile(configuredRoutes());

    static List<String> configuredRoutes() {
        Properties props = new Properties();
        try (InputStream in = RouteTableTest.class.getResourceAsStream("/application.properties")) {
            props.load(in);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        TreeMap<Integer, String> routes = new TreeMap<>();
        for (String name : props.stringPropertyNames()) {
            if (name.startsWith("bindery.gateway.routes[")) {
                routes.put(Integer.parseInt(name.substring(name.indexOf('[') + 1, name.indexOf(']'))), props.getProperty(name));
            }
        }
        assertEquals(routes.lastKey() + 1, routes.size(), "route indexes must be contiguous");
        return new ArrayList<>(routes.values());
    }

    /** Every path of the ARCHITECTURE.md services table (and of spec/api.md), with its owner. */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = ' ', value = {
            // identity
            "/user identity",
            "/user/tokens identity",
            "/users/u1 identity",
            "/admin/anything/deep identity",
            "/orgs identity",
            "/orgs/o1 identity",
            "/orgs/o1/members identity",
            "/orgs/o1/members/u1 identity",
            "/orgs/o1/members/u1/sso identity",
            "/orgs/o1/members/u1/teams identity",
            "/orgs/o1/teams identity",
            "/orgs/o1/teams/t1/members/u1 identity",
            "/orgs/o1/saml identity",
            "/orgs/o1/saml/p1 identity",
            "/orgs/o1/sso identity",
            "/orgs/o1/invites identity",
            "/orgs/o1/invites/i1 identity",
            "/orgs/o1/link-invites/i1 identity",
            "/orgs/o1/join identity",
            "/orgs/o1/ping identity",
            "/email-domains/example.com/o identity",
            "/subdomains/docs identity",
            // content
            "/orgs/o1/members/u1/spaces content",
            "/orgs/o1/collections content",
            "/collections/c1 content",
            "/collections/c1/spaces content",
            "/collections/c1/move content",
            "/collections/c1/transfer content",
            "/orgs/o1/spaces content",
            "/orgs/o1/search content",
            "/orgs/o1/ask content",
            "/spaces/s1 content",
            "/spaces/s1/duplicate content",
            "/spaces/s1/restore content",
            "/spaces/s1/move content",
            "/spaces/s1/transfer content",
            "/spaces/s1/links content",
            "/spaces/s1/search content",
            "/spaces/s1/content content",
            "/spaces/s1/content/page/p1/links content",
            "/spaces/s1/content/files/f1/backlinks content",
            "/spaces/s1/revisions/r1 content",
            "/spaces/s1/permissions/users content",
            "/spaces/s1/change-requests/cr1/content content",
            "/spaces/s1/change-requests/cr1/content/page/p1 content",
            "/spaces/s1/change-requests/cr1/changes content",
            // review
            "/spaces/s1/change-requests review",
            "/spaces/s1/change-requests/cr1 review",
            "/spaces/s1/change-requests/7/merge review",
            "/spaces/s1/change-requests/cr1/update review",
            "/spaces/s1/change-requests/cr1/pdf review",
            "/spaces/s1/change-requests/cr1/comments review",
            "/spaces/s1/change-requests/cr1/comments/c1/replies/r1 review",
            "/spaces/s1/change-requests/cr1/reviews review",
            "/spaces/s1/change-requests/cr1/requested-reviewers/u1 review",
            "/spaces/s1/comments review",
            "/spaces/s1/comments/c1/replies review",
            "/spaces/s1/commenters review",
            "/orgs/o1/change-requests review",
            // sites, openapi, integrations
            "/orgs/o1/sites sites",
            "/orgs/o1/sites/site1/section-groups/g1/sections/s1 sites",
            // a site's ask is sites' (it knows the site's spaces; content answers it by /internal/ask)
            "/orgs/o1/sites/site1/ask sites",
            "/orgs/o1/openapi openapi",
            "/orgs/o1/openapi/spec/versions/latest/content openapi",
            "/integrations integrations",
            "/integrations/my-int/events/e1 integrations",
            "/spaces/s1/git/export integrations",
            "/spaces/s1/git/import integrations",
            "/spaces/s1/git/info integrations",
            "/spaces/s1/gitx content",
            // insights
            "/orgs/o1/conversations insights",
            "/orgs/o1/conversations/c1 insights",
            "/orgs/o1/conversations-clusters insights",
            "/orgs/o1/conversations-issues insights",
            "/orgs/o1/conversations-issues/i1 insights",
            "/orgs/o1/translations insights",
            "/orgs/o1/translations/t1/run insights",
            "/orgs/o1/agent-instructions insights",
    })
    void configuredTableRoutesEveryDocumentedPath(String path, String service) {
        assertEquals(service, CONFIGURED.serviceFor(path));
        assertEquals(service, CONFIGURED.service(CONFIGURED.match("/v1" + path, 3)), "with the /v1 prefix");
    }

    @ParameterizedTest(name = "{0} is not routed")
    @CsvSource({"''", "/", "/nope", "/orgs/o1/unknown", "/orgs/o1/fonts/x", "/spaces", "/userx", "/orgs/o1/members-x",
            "/orgs/o1/conversations-clusters/x", "/orgs/o1/ask/more"})
    void unknownPathsAreNotRouted(String path) {
        assertNull(CONFIGURED.serviceFor(path));
    }

    @Test
    void mostSpecificTemplateWins() {
        assertEquals("content", CONFIGURED.serviceFor("/spaces/a/change-requests/b/content/x"));
        assertEquals("review", CONFIGURED.serviceFor("/spaces/a/change-requests/b/merge"));
        assertEquals("content", CONFIGURED.serviceFor("/orgs/a/members/b/spaces"));
        assertEquals("identity", CONFIGURED.serviceFor("/orgs/a/members/b"));
        assertEquals("identity", CONFIGURED.serviceFor("/orgs/a/members/b/spaces/extra"));
    }

    @Test
    void literalBeatsParamBeatsDoubleStar() {
        RouteTable table = RouteTable.compile(List.of(
                "/a/** star", "/a/{x} param", "/a/b literal", "/a/{x}/c paramc", "/a/b/** literalstar"));
        assertEquals("literal", table.serviceFor("/a/b"));
        assertEquals("param", table.serviceFor("/a/z"));
        assertEquals("star", table.serviceFor("/a"));
        assertEquals("star", table.serviceFor("/a/z/q"));
        assertEquals("paramc", table.serviceFor("/a/z/c"));
        // /a/b/c: the literal 'b' is compared first, so /a/b/** beats /a/{x}/c
        assertEquals("literalstar", table.serviceFor("/a/b/c"));
        assertEquals("literalstar", table.serviceFor("/a/b/"));
    }

    @Test
    void exactEndBeatsDoubleStarMatchingNothing() {
        RouteTable table = RouteTable.compile(List.of("/s/{id}/** rest", "/s/{id} exact"));
        assertEquals("exact", table.serviceFor("/s/1"));
        assertEquals("rest", table.serviceFor("/s/1/x"));
    }

    @Test
    void backtracksWhenTheLiteralBranchDeadEnds() {
        RouteTable table = RouteTable.compile(List.of("/x/lit/end one", "/x/{p}/other two"));
        assertEquals("two", table.serviceFor("/x/lit/other"));
        assertNull(table.serviceFor("/x/lit/nothing"));
    }

    @Test
    void paramDoesNotMatchAnEmptySegment() {
        RouteTable table = RouteTable.compile(List.of("/s/{id} one"));
        assertNull(table.serviceFor("/s/"));
        assertNull(table.serviceFor("/s//"));
    }

    @Test
    void matchesFromAnOffsetWithoutCopying() {
        assertEquals(CONFIGURED.services().indexOf("identity"), CONFIGURED.match("/v1/user", 3));
        assertEquals(RouteTable.NO_ROUTE, CONFIGURED.match("/v1", 3));
        assertEquals(RouteTable.NO_ROUTE, CONFIGURED.match("/v1x/user", 3));
    }

    @Test
    void dotSegmentsAreRefused() {
        for (String path : List.of("/v1/integrations/../user", "/v1/spaces/./x", "/v1/orgs/%2e%2e/x", "/v1/orgs/.%2E",
                "/v1/spaces/a/..")) {
            assertEquals(RouteTable.BAD_PATH, CONFIGURED.match(path, 3), path);
        }
        assertTrue(CONFIGURED.match("/v1/spaces/a.b", 3) >= 0);
        assertTrue(CONFIGURED.match("/v1/spaces/...", 3) >= 0);
        assertTrue(CONFIGURED.match("/v1/email-domains/example.com/o", 3) >= 0);
    }

    @Test
    void malformedTablesAreRefusedAtStartup() {
        assertThrows(IllegalArgumentException.class, () -> RouteTable.compile(List.of("/a")));
        assertThrows(IllegalArgumentException.class, () -> RouteTable.compile(List.of("a svc")));
        assertThrows(IllegalArgumentException.class, () -> RouteTable.compile(List.of("/a/**/b svc")));
        assertThrows(IllegalArgumentException.class, () -> RouteTable.compile(List.of("/a//b svc")));
        assertThrows(IllegalArgumentException.class, () -> RouteTable.compile(List.of("/a/b* svc")));
        assertThrows(IllegalArgumentException.class, () -> RouteTable.compile(List.of("/a/{x} one", "/a/{y} two")));
        RouteTable.compile(List.of("/a/{x} one", "/a/{y} one")); // same template, same service: fine
    }

    @Test
    void servicesAreListedInOrderOfFirstUse() {
        assertEquals(List.of("identity", "content", "review", "sites", "openapi", "integrations", "insights"),
                CONFIGURED.services());
    }
}
