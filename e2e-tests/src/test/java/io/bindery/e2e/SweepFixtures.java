package io.bindery.e2e;

import io.bindery.e2e.Stack.TestUser;
import io.restassured.response.Response;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import static io.bindery.e2e.ContentFixtures.as;
import static io.bindery.e2e.ContentFixtures.insertPage;
import static io.bindery.e2e.ContentFixtures.json;
import static io.bindery.e2e.ContentFixtures.seedMain;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * One organization with one of everything the seed operations' paths name (a member, a team, a SAML provider, a
 * collection, a space with a page, a change request, comments and a reply, a site with a site space, a section and a
 * section group, an OpenAPI spec, an integration, a translation), made through the gateway by its admin, for the
 * sweeps. Each is made when first asked for; {@link #fresh} makes a new one for operations that move or use it up.
 */
final class SweepFixtures {
    final TestUser owner = Stack.newUser("example.com");
    final TestUser member = Stack.newUser("example.com");
    final String org = Stack.newOrg(owner, "sweep-" + UUID.randomUUID().toString().substring(0, 6) + ".example.com");
    private final Map<String, String> made = new ConcurrentHashMap<>();

    SweepFixtures() {
        ContentFixtures.addMember(owner, org, member, "edit");
    }

    String token() {
        return owner.token();
    }

    private String once(String key, Supplier<String> make) {
        String v = made.get(key);
        if (v == null) {
            v = make.get();
            made.put(key, v);
        }
        return v;
    }

    /** A request another service answers 404 to until identity's or content's events reach it: retried a while. */
    static Response untilFound(Supplier<Response> request) {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        Response r = request.get();
        while (r.statusCode() == 404 && System.nanoTime() < deadline) {
            sleep(200);
            r = request.get();
        }
        return r;
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String created(Response r, String what) {
        assertEquals(true, r.statusCode() == 200 || r.statusCode() == 201, what + ": " + r.statusCode() + " " + r.asString());
        return r.path("id");
    }

    String orgPath() {
        return "/v1/orgs/" + org;
    }

    String org2() {
        return once("org2", () -> Stack.newOrg(owner));
    }

    String team() {
        return once("team", () -> E2EFixtures.createTeam(token(), org, "Sweep team " + UUID.randomUUID().toString().substring(0, 6)));
    }

    String certificate() {
        return once("certificate", () -> {
            try {
                SamlE2ETest.makeCertificate();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            return SamlE2ETest.certificatePem;
        });
    }

    String saml() {
        return once("saml", () -> created(as(token()).body(json("label", "Sweep IdP"))
                .post(orgPath() + "/saml"), "SAML provider"));
    }

    String collection() {
        return once("collection", this::newCollection);
    }

    String newCollection() {
        return ContentFixtures.createCollection(token(), org, null, "Sweep " + UUID.randomUUID().toString().substring(0, 6));
    }

    String newCollectionIn(String parent) {
        return ContentFixtures.createCollection(token(), org, parent, "Sweep child " + UUID.randomUUID().toString().substring(0, 6));
    }

    String spaceIn(String collection) {
        return ContentFixtures.createSpace(token(), org, json("title", "Sweep space in", "parent", collection));
    }

    String space() {
        return once("space", this::newSpace);
    }

    String newSpace() {
        return ContentFixtures.createSpace(token(), org, json("title", "Sweep space"));
    }

    String page() {
        return once("page", () -> seedMain(token(), space(), insertPage("Sweep page", "# Sweep page\n\nText.\n")).get("Sweep page"));
    }

    String changeRequest() {
        return once("changeRequest", () -> {
            page();
            return E2EFixtures.changeRequestWithPage(token(), space(), "Sweep CR page");
        });
    }

    String crComment() {
        return once("crComment", () -> created(E2EFixtures.postComment(token(),
                ContentFixtures.branchPath(space(), changeRequest()), "On the change request"), "CR comment"));
    }

    String spaceComment() {
        return once("spaceComment", () -> created(E2EFixtures.postComment(token(),
                ContentFixtures.spacePath(space()), "On the space"), "space comment"));
    }

    String spaceReply() {
        return once("spaceReply", () -> created(as(token()).body(json("body", json("markdown", "A reply")))
                .post(ContentFixtures.spacePath(space()) + "/comments/" + spaceComment() + "/replies"), "reply"));
    }

    String site() {
        return once("site", () -> created(untilFound(() -> as(token()).body(json("title", "Sweep site"))
                .post(orgPath() + "/sites")), "site"));
    }

    String sitePath() {
        return orgPath() + "/sites/" + site();
    }

    String siteSpace() {
        return once("siteSpace", this::newSiteSpace);
    }

    String newSiteSpace() {
        String space = newSpace();
        return created(untilFound(() -> as(token()).body(json("spaceId", space)).post(sitePath() + "/site-spaces")), "site space");
    }

    String newSection() {
        return created(as(token()).body(json("spaceId", null, "title", "Sweep section")).post(sitePath() + "/sections"), "section");
    }

    /** A section made with a space: its first site space is {@link #sectionSiteSpace}. */
    String section() {
        return once("section", () -> {
            String space = newSpace();
            Response r = untilFound(() -> as(token()).body(json("spaceId", space, "title", "Sweep section with a space"))
                    .post(sitePath() + "/sections"));
            String id = created(r, "section");
            made.put("sectionSiteSpace", r.path("siteSpaces[0].id"));
            return id;
        });
    }

    String sectionSiteSpace() {
        section();
        return made.get("sectionSiteSpace");
    }

    String sectionGroup() {
        return once("sectionGroup", this::newSectionGroup);
    }

    String newSectionGroup() {
        return created(as(token()).body(json("title", "Sweep group")).post(sitePath() + "/section-groups"), "section group");
    }

    String specSlug() {
        return once("spec", () -> {
            String slug = "sweep-" + UUID.randomUUID().toString().substring(0, 8);
            Response r = untilFound(() -> as(token()).body(json("slug", slug, "source", json("text", OPENAPI)))
                    .post(orgPath() + "/openapi"));
            created(r, "OpenAPI spec");
            return slug;
        });
    }

    String specVersion() {
        return once("specVersion", () -> {
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (true) {
                Response r = as(token()).get(orgPath() + "/openapi/" + specSlug() + "/versions/latest");
                if (r.statusCode() == 200 || System.nanoTime() > deadline) {
                    return r.statusCode() == 200 ? r.path("id") : "no-version";
                }
                sleep(200);
            }
        });
    }

    static final String OPENAPI = "openapi: 3.0.3\ninfo: {title: Sweep, version: '1'}\npaths:\n  /ping:\n    get:\n"
            + "      responses: {'200': {description: ok}}\n";

    String integration() {
        return once("integration", this::newIntegration);
    }

    String newIntegration() {
        String name = "sweep-" + UUID.randomUUID().toString().substring(0, 8);
        Response r = untilFound(() -> as(token()).body(integrationBody()).post("/v1/integrations/" + name));
        assertEquals(200, r.statusCode(), "integration: " + r.asString());
        return name;
    }

    Map<String, Object> integrationBody() {
        return json("organization", org, "title", "Sweep integration", "description", "Made by the sweep",
                "script", "export default {}", "scopes", List.of("space:content:read"), "target", "space");
    }

    String installation() {
        return once("installation", () -> created(untilFound(() -> as(token()).body(json("organization", org))
                .post("/v1/integrations/" + integration() + "/installations")), "installation"));
    }

    String translation() {
        return once("translation", () -> created(untilFound(() -> as(token())
                .body(json("source", json("space", space(), "language", "en"), "language", "es"))
                .post(orgPath() + "/translations")), "translation"));
    }

    String inviteLink() {
        return once("invite", () -> created(as(token()).body(json("role", "read")).post(orgPath() + "/invites"), "invite link"));
    }

    /**
     * The concrete path of a seed operation ("/orgs/{organizationId}/…"), each parameter a fixture; with
     * {@code fresh}, the resource the path ends on is a new one (for moves, transfers and deletes).
     */
    String path(String template, boolean fresh) {
        String[] parts = template.split("/");
        int lastParam = 0;
        for (int i = 1; i < parts.length; i++) {
            lastParam = parts[i].startsWith("{") ? i : lastParam;
        }
        StringBuilder out = new StringBuilder("/v1");
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i];
            boolean last = i == lastParam;
            out.append('/').append(p.startsWith("{") ? value(p.substring(1, p.length() - 1), template, fresh && last) : p);
        }
        return out.toString();
    }

    private String value(String name, String template, boolean fresh) {
        return switch (name) {
            case "organizationId" -> org;
            case "userId" -> member.id();
            case "teamId" -> team();
            case "samlProviderId" -> saml();
            case "collectionId" -> fresh ? newCollection() : collection();
            case "spaceId" -> fresh ? newSpace() : space();
            case "pageId" -> page();
            case "fileId" -> "no-such-file";
            case "changeRequestId" -> changeRequest();
            case "commentId" -> template.contains("/change-requests/") ? crComment() : spaceComment();
            case "commentReplyId" -> spaceReply();
            case "siteId" -> site();
            case "siteSpaceId" -> fresh ? newSiteSpace() : siteSpace();
            case "siteSectionId" -> fresh ? newSection() : section();
            case "siteSectionGroupId" -> fresh ? newSectionGroup() : sectionGroup();
            case "specSlug" -> specSlug();
            case "versionId" -> specVersion();
            case "integrationName" -> fresh ? newIntegration() : integration();
            case "eventId" -> "no-such-event";
            case "translationId" -> translation();
            case "inviteId" -> inviteLink();
            case "emailDomain" -> "example.com";
            case "conversationId", "issueId" -> "no-such-" + name;
            default -> throw new IllegalArgumentException("no fixture for {" + name + "} in " + template);
        };
    }
}
