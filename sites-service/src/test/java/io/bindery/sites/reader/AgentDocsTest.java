package io.bindery.sites.reader;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.sites.testing.ContentStandIn;
import io.bindery.sites.testing.ContentStandIn.StandInPage;
import io.bindery.sites.testing.InsightsStandIn;
import io.bindery.sites.testing.SiteFixtures;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

import static io.bindery.sites.testing.SiteFixtures.as;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The published site for agents over HTTP, against the real database, content's and insights' internal APIs served
 * by stand-ins over real HTTP: pages as markdown ({@code .md} and Accept), llms.txt, llms-full.txt, sitemap.md, the
 * agent instructions at the end, and every visibility rule on every agent address (agentsContext, published state,
 * share link, visitor token, conditions, a hostname site).
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(ContentStandIn.class)
@WithTestResource(InsightsStandIn.class)
class AgentDocsTest {
    static final String[] AGENT_PATHS = {"/guide.md", "/llms.txt", "/llms-full.txt", "/sitemap.md"};

    String org;
    String admin;
    String space;
    String site;
    String fileRef;

    @BeforeEach
    void site() {
        org = Ids.newId();
        admin = SiteFixtures.member(org, "admin");
        space = ContentStandIn.space(org, "Handbook", Set.of(), Set.of(admin));
        String revision = ContentStandIn.data(space).revision();
        String fileId = Ids.newId();
        ContentStandIn.file(space, revision, fileId, "image/png", ReaderTest.PNG);
        fileRef = revision + "/" + fileId;
        String introId = Ids.newId();
        StandInPage guide = StandInPage.document("Guide", "guide", 0,
                "# Guide\n\nRead [the intro](/pages/" + introId + "#start).\n\n![logo](/files/" + fileId + ")\n");
        StandInPage intro = new StandInPage(introId, "document", "Introduction", "intro", 0,
                "## Start\n\nSee [the guide](/pages/" + guide.id() + ") and [the web](https://example.com).\n");
        StandInPage details = StandInPage.document("Details", "guide/details", 1, "Deep [details] here.");
        StandInPage secret = StandInPage.document("Unlisted", "unlisted", 0, "Hidden from the navigation.");
        ContentStandIn.describe(introId, "Where to begin.");
        ContentStandIn.hide(secret.id());
        ContentStandIn.revision(space, revision, List.of(intro, guide, details, secret));
        site = as(admin).body("{\"title\":\"Handbook site\",\"spaces\":[\"" + space + "\"]}").post("/v1/orgs/" + org + "/sites")
                .then().statusCode(201).extract().path("id");
    }

    String url(String rest) {
        return "/s/" + site + rest;
    }

    void publish() {
        as(admin).post("/v1/orgs/" + org + "/sites/" + site + "/publish").then().statusCode(200);
    }

    void patch(String body) throws InterruptedException {
        as(admin).body(body).patch("/v1/orgs/" + org + "/sites/" + site).then().statusCode(200);
        ReaderTest.settle();
    }

    @Test
    void eachPageIsMarkdownAtItsAddressDotMdAndByAccept() {
        publish();
        String guide = given().get(url("/guide.md")).then().statusCode(200)
                .contentType(equalTo("text/markdown; charset=utf-8"))
                .header("X-Content-Type-Options", "nosniff").header("X-Robots-Tag", "noindex")
                .header("ETag", startsWith("\"")).header("Cache-Control", startsWith("public"))
                .extract().asString();
        assertTrue(guide.startsWith("# Guide\n\n"), guide);
        assertEquals(1, guide.split("# Guide", -1).length - 1, "the title once, though the page starts with it: " + guide);
        assertTrue(guide.contains("[the intro](http://"), "links are absolute: " + guide);
        assertTrue(guide.contains("/s/" + site + "/intro.md#start)"), "a page link to its .md address: " + guide);
        assertTrue(guide.contains("![logo](http://") && guide.contains("/s/" + site + "/~files/" + space + "/" + fileRef + ")"),
                "an image at its published address: " + guide);
        String intro = given().get(url("/intro.md")).then().statusCode(200).extract().asString();
        assertTrue(intro.startsWith("# Introduction\n\n> Where to begin.\n\n## Start"), intro);
        assertTrue(intro.contains("/s/" + site + "/guide.md) and [the web](https://example.com)"), intro);
        given().get(url("/guide/details.md")).then().statusCode(200).body(containsString("Deep [details] here."));
        given().get(url("/unlisted.md")).then().statusCode(200).body(containsString("Hidden from the navigation."));

        // the page's own address, asked for markdown and not HTML
        given().accept("text/markdown").get(url("/guide")).then().statusCode(200)
                .contentType(startsWith("text/markdown")).header("Vary", "Accept").body(equalTo(guide));
        given().accept("text/markdown, text/plain;q=0.5").get(url("/")).then().statusCode(200)
                .contentType(startsWith("text/markdown")).body(startsWith("# Introduction"));
        given().accept("text/markdown, text/html").get(url("/guide")).then().statusCode(200).contentType(startsWith("text/html"));
        given().accept("text/html;q=0, text/markdown").get(url("/guide")).then().statusCode(200).contentType(startsWith("text/markdown"));
        given().get(url("/guide")).then().statusCode(200).contentType(startsWith("text/html")).header("Vary", "Accept");

        // a 404 in markdown points to the list of pages
        given().get(url("/no-such-page.md")).then().statusCode(404).contentType(startsWith("text/markdown"))
                .body(containsString("# Page not found")).body(containsString("/s/" + site + "/sitemap.md)"));
        given().accept("text/markdown").get(url("/no-such-page")).then().statusCode(404).body(containsString("sitemap.md"));
        given().get("/s/" + Ids.newId() + "/guide.md").then().statusCode(404).body(containsString("sitemap.md"));

        // the image an .md links to is served
        given().get(url("/~files/" + space + "/" + fileRef)).then().statusCode(200).contentType("image/png");
    }

    @Test
    void llmsTxtListsThePagesInTreeOrderAndLlmsFullTxtHoldsThem() {
        publish();
        String llms = given().get(url("/llms.txt")).then().statusCode(200).contentType(equalTo("text/plain; charset=utf-8"))
                .extract().asString();
        String base = "/s/" + site + "/";
        assertTrue(llms.startsWith("# Handbook site\n\n> Where to begin.\n\n## Handbook\n\n"),
                "the home page's description as the site's: " + llms);
        assertTrue(llms.contains("\n## Optional\n\n- [sitemap.md](http://") && llms.contains(base
                + "sitemap.md): every page, nested as in the navigation\n- [llms-full.txt](http://")
                && llms.endsWith(base + "llms-full.txt): every page's markdown in one file\n"), "the optional section last: " + llms);
        assertEquals(1, llms.lines().filter(l -> l.startsWith("# ")).count(), "one H1: " + llms);
        assertTrue(llms.contains("\n## Handbook\n\n"), llms);
        int intro = llms.indexOf("- [Introduction](http://");
        int guide = llms.indexOf("- [Guide](");
        int details = llms.indexOf("- [Details](");
        assertTrue(intro > 0 && intro < guide && guide < details, "tree order: " + llms);
        assertTrue(llms.contains(base + "intro.md): Where to begin.\n"), llms);
        assertTrue(llms.contains(base + "guide/details.md)\n"), llms);
        assertFalse(llms.contains("Unlisted"), "a hidden page is not listed: " + llms);

        String full = given().get(url("/llms-full.txt")).then().statusCode(200).contentType(startsWith("text/plain"))
                .extract().asString();
        int a = full.indexOf("# Introduction\n\nSource: http://");
        int b = full.indexOf("# Guide\n\nSource: ");
        int c = full.indexOf("# Details\n\nSource: ");
        assertTrue(a == 0 && a < b && b < c, full);
        assertTrue(full.contains("Deep [details] here.") && full.contains("## Start") && full.contains(base + "intro.md#start)"), full);
        assertFalse(full.contains("Hidden from the navigation."), full);

        String sitemap = given().get(url("/sitemap.md")).then().statusCode(200).contentType(startsWith("text/markdown"))
                .extract().asString();
        assertTrue(sitemap.startsWith("# Handbook site"), sitemap);
        assertTrue(sitemap.contains("- [Guide](http://") && sitemap.contains("\n  - [Details](http://"), "nested: " + sitemap);
        assertFalse(sitemap.contains("Unlisted"), sitemap);
    }

    @Test
    void llmsTxtHasNoBlockquoteWhenTheHomePageHasNoDescription() {
        String other = ContentStandIn.space(org, "Plain", Set.of(), Set.of(admin));
        StandInPage home = StandInPage.document("Home", "home", 0, "Welcome.");
        StandInPage next = StandInPage.document("Next", "next", 0, "More.");
        ContentStandIn.describe(next.id(), "A later page's description is not the site's.");
        ContentStandIn.revision(other, ContentStandIn.data(other).revision(), List.of(home, next));
        String plain = as(admin).body("{\"title\":\"Plain site\",\"spaces\":[\"" + other + "\"]}").post("/v1/orgs/" + org + "/sites")
                .then().statusCode(201).extract().path("id");
        as(admin).post("/v1/orgs/" + org + "/sites/" + plain + "/publish").then().statusCode(200);
        String llms = given().get("/s/" + plain + "/llms.txt").then().statusCode(200).extract().asString();
        assertTrue(llms.startsWith("# Plain site\n\n## Plain\n\n- [Home]("), "no blockquote, no canned sentence: " + llms);
        assertFalse(llms.lines().anyMatch(l -> l.startsWith(">")), llms);
        assertTrue(llms.contains("next.md): A later page's description is not the site's.\n"), llms);
    }

    @Test
    void everyMarkdownPageAndLlmsFullEndWithTheAgentInstructions() {
        InsightsStandIn.instructions(org, "# For agents\n\nAnswer in English.");
        publish();
        given().get(url("/guide.md")).then().statusCode(200).body(containsString("\n---\n\n# For agents\n\nAnswer in English.\n"));
        given().get(url("/intro.md")).then().statusCode(200).body(endsWith("Answer in English.\n"));
        given().get(url("/llms-full.txt")).then().statusCode(200).body(endsWith("Answer in English.\n"));
        // another organization without instructions: no footer
        String other = Ids.newId();
        String otherAdmin = SiteFixtures.member(other, "admin");
        String otherSpace = ContentStandIn.space(other, "Other", Set.of(), Set.of(otherAdmin));
        ContentStandIn.revision(otherSpace, ContentStandIn.data(otherSpace).revision(),
                List.of(StandInPage.document("Only", "only", 0, "Text.")));
        String otherSite = as(otherAdmin).body("{\"title\":\"Other\",\"spaces\":[\"" + otherSpace + "\"]}")
                .post("/v1/orgs/" + other + "/sites").then().statusCode(201).extract().path("id");
        as(otherAdmin).post("/v1/orgs/" + other + "/sites/" + otherSite + "/publish").then().statusCode(200);
        given().get("/s/" + otherSite + "/only.md").then().statusCode(200).body(equalTo("# Only\n\nText.\n"));
    }

    /**
     * A page read again after its second is sent as it was while the visitor's resolution of the last second still
     * shows the same revision, site and agent instructions (without being made anew); a merge, agentsContext or a
     * share key that no longer opens the site shows as at once as before (issue 31's warm .md throughput).
     */
    @Test
    void aPageReadAgainAfterItsSecondIsTheSameUntilWhatItShowsChanges() throws Exception {
        publish();
        String first = given().get(url("/guide.md")).then().statusCode(200).extract().header("ETag");
        ReaderTest.settle();
        given().get(url("/intro.md")).then().statusCode(200); // the visitor's resolution anew; guide.md's answer is old
        given().get(url("/guide.md")).then().statusCode(200).header("ETag", first).body(containsString("Read [the intro]"));
        given().header("If-None-Match", first).get(url("/guide.md")).then().statusCode(304);

        // a merge: the next resolution names the new revision, and the page is made from it
        String merged = Ids.newId();
        ContentStandIn.revision(space, merged, List.of(StandInPage.document("Guide", "guide", 0, "Merged guide.")));
        io.bindery.sites.sitespace.SpaceSources sources = io.quarkus.arc.Arc.container()
                .instance(io.bindery.sites.sitespace.SpaceSources.class).get();
        io.quarkus.narayana.jta.QuarkusTransaction.requiringNew().run(() -> sources.revisionMoved(space, merged));
        ReaderTest.settle();
        given().get(url("/sitemap.md")).then().statusCode(200);
        given().get(url("/no-such-page.md")).then().statusCode(404); // resolves anew for the visitor
        given().get(url("/guide.md")).then().statusCode(200).header("ETag", not(equalTo(first)))
                .body(containsString("Merged guide.")).body(not(containsString("Read [the intro]")));

        // agentsContext excluded: the page's answer of a second ago is not sent again
        patch("{\"agentsContext\":\"excluded\"}");
        given().get(url("/no-such-page.md")).then().statusCode(404);
        given().get(url("/guide.md")).then().statusCode(404).body(containsString("# Page not found"));
        patch("{\"agentsContext\":\"included\"}");

        // a share-link site: the key's visitor gets the page; another visitor (no key, a wrong key) never its answer
        patch("{\"visibility\":\"share-link\"}");
        io.restassured.path.json.JsonPath created = as(admin).body("{\"name\":\"Agents\"}")
                .post("/v1/orgs/" + org + "/sites/" + site + "/share-links").then().statusCode(201).extract().jsonPath();
        String key = created.getString("urls.published").replaceAll(".*share=", "");
        given().get(url("/guide.md?share=" + key)).then().statusCode(200).body(containsString("Merged guide."));
        ReaderTest.settle();
        given().get(url("/no-such-page.md?share=" + key)).then().statusCode(404);
        given().get(url("/guide.md?share=" + key)).then().statusCode(200).body(containsString("Merged guide."));
        given().get(url("/guide.md")).then().statusCode(404);
        given().get(url("/guide.md?share=wrong")).then().statusCode(404);
        // the link revoked: its key opens nothing a second later, this page's kept answer included
        as(admin).delete("/v1/orgs/" + org + "/sites/" + site + "/share-links/" + created.getString("id")).then().statusCode(204);
        ReaderTest.settle();
        given().get(url("/no-such-page.md?share=" + key)).then().statusCode(404);
        given().get(url("/guide.md?share=" + key)).then().statusCode(404);
    }

    /** Each agent address answers {@code status} for this request. */
    void agentAddresses(Supplier<RequestSpecification> request, String query, int status) {
        for (String path : AGENT_PATHS) {
            request.get().get(url(path + query)).then().statusCode(status);
        }
        request.get().accept("text/markdown").get(url("/guide" + query)).then().statusCode(status);
    }

    @Test
    void agentsContextExcludedAndUnpublishedSitesHaveNoAgentAddresses() throws Exception {
        agentAddresses(() -> given(), "", 404); // not published
        publish();
        ReaderTest.settle(); // the reader's answers of the last second
        agentAddresses(() -> given(), "", 200);
        patch("{\"agentsContext\":\"excluded\"}");
        agentAddresses(() -> given(), "", 404);
        given().get(url("/guide")).then().statusCode(200).contentType(startsWith("text/html")); // HTML stays
        given().get(url("/guide.md")).then().body(containsString("# Page not found"));
        patch("{\"agentsContext\":\"included\"}");
        agentAddresses(() -> given(), "", 200);
        as(admin).post("/v1/orgs/" + org + "/sites/" + site + "/unpublish").then().statusCode(200);
        ReaderTest.settle();
        agentAddresses(() -> given(), "", 404);
    }

    @Test
    void shareLinkAndVisitorSitesTakeTheirSecretOnAgentAddressesAsOnHtml() throws Exception {
        publish();
        patch("{\"visibility\":\"share-link\"}");
        String link = as(admin).body("{\"name\":\"Agents\"}").post("/v1/orgs/" + org + "/sites/" + site + "/share-links")
                .then().statusCode(201).extract().path("urls.published");
        String key = link.replaceAll(".*share=", "");
        agentAddresses(() -> given(), "", 404);
        agentAddresses(() -> given().redirects().follow(false), "?share=" + key, 200); // no redirect: an agent keeps no cookie
        agentAddresses(() -> given().cookie(ReaderResource.SHARE_COOKIE, key), "", 200);
        agentAddresses(() -> given(), "?share=wrong", 404);
        given().get(url("/guide.md?share=" + key)).then().statusCode(200).header("Cache-Control", startsWith("private"))
                .body(containsString("/s/" + site + "/intro.md?share=" + key + "#start)"))
                .body(containsString("/~files/" + space + "/" + fileRef + "?share=" + key + ")"));
        given().get(url("/llms.txt?share=" + key)).then().body(containsString("/s/" + site + "/guide.md?share=" + key + ")"));
        given().redirects().follow(false).get(url("/~files/" + space + "/" + fileRef + "?share=" + key)).then().statusCode(200);
        given().get(url("/~files/" + space + "/" + fileRef)).then().statusCode(404);
        // HTML is unchanged: the key is taken into a cookie
        given().redirects().follow(false).get(url("/guide?share=" + key)).then().statusCode(303);

        patch("{\"visibility\":\"visitor-auth\"}");
        String siteKey = as(admin).get("/v1/orgs/" + org + "/sites/" + site + "/publishing/auth").then().statusCode(200)
                .extract().path("privateKey");
        String token = SiteFixtures.visitorToken(siteKey, 60, true);
        String foreign = SiteFixtures.visitorToken("another-key-0123456789abcdef", 60, true);
        agentAddresses(() -> given(), "?share=" + key, 404);
        agentAddresses(() -> given(), "?jwt_token=" + token, 200);
        agentAddresses(() -> given().header("Authorization", "Bearer " + token), "", 200);
        agentAddresses(() -> given().cookie(ReaderResource.VISITOR_COOKIE, token), "", 200);
        agentAddresses(() -> given(), "?jwt_token=" + foreign, 404);
        agentAddresses(() -> given().header("Authorization", "Bearer " + foreign), "", 404);
        given().get(url("/guide")).then().statusCode(404);
    }

    @Test
    void conditionsShowEachAgentWhatTheSameVisitorSeesInHtml() {
        as(admin).body("{\"jsonSchema\":" + SiteFixtures.SCHEMA + "}").put("/v1/orgs/" + org + "/sites/" + site + "/adaptive-schema")
                .then().statusCode(200);
        as(admin).body("{\"title\":\"Guides\"}").post("/v1/orgs/" + org + "/sites/" + site + "/sections").then().statusCode(201);
        String proSpace = ContentStandIn.space(org, "Pro handbook", Set.of(), Set.of(admin));
        ContentStandIn.revision(proSpace, ContentStandIn.data(proSpace).revision(),
                List.of(StandInPage.document("Pro start", "start", 0, "For pro plans.")));
        String pro = as(admin).body("{\"title\":\"Pro\",\"spaceId\":\"" + proSpace + "\"}").post("/v1/orgs/" + org + "/sites/" + site + "/sections")
                .then().statusCode(201).extract().path("id");
        as(admin).body("{\"condition\":\"visitor.claims.unsigned.plan == 'pro'\"}").patch("/v1/orgs/" + org + "/sites/" + site + "/sections/" + pro)
                .then().statusCode(200);
        publish();
        given().get(url("/pro/start.md?visitor.plan=pro")).then().statusCode(200).body(containsString("For pro plans."))
                .header("Cache-Control", startsWith("private"));
        given().get(url("/pro/start?visitor.plan=pro")).then().statusCode(200); // the same in HTML
        given().get(url("/pro/start.md?visitor.plan=free")).then().statusCode(404);
        given().get(url("/pro/start?visitor.plan=free")).then().statusCode(404);
        String llms = given().get(url("/llms.txt?visitor.plan=pro")).then().statusCode(200).extract().asString();
        assertTrue(llms.contains("\n## Guides\n") && llms.contains("\n## Pro\n"), "an H2 per section: " + llms);
        assertTrue(llms.contains("/s/" + site + "/pro/start.md?visitor.plan=pro)"), "the claims carried on: " + llms);
        given().get(url("/llms.txt?visitor.plan=free")).then().statusCode(200).body(not(containsString("Pro start")));
        given().get(url("/llms-full.txt?visitor.plan=free")).then().statusCode(200).body(not(containsString("For pro plans.")));
        given().get(url("/sitemap.md")).then().statusCode(200).body(not(containsString("Pro start")));
    }

    @Test
    void aHostnameSiteServesTheSameAtItsRoot() {
        String host = "agents-" + site.toLowerCase().substring(0, 8) + ".acme.example";
        as(admin).body("{\"hostname\":\"" + host + "\"}").patch("/v1/orgs/" + org + "/sites/" + site).then().statusCode(200);
        publish();
        given().header(ReaderResource.SITE_HOST, host).header("X-Forwarded-Proto", "https").get("/s/~host/guide.md")
                .then().statusCode(200).contentType(startsWith("text/markdown"))
                .body(containsString("(https://" + host + "/intro.md#start)"))
                .body(containsString("(https://" + host + "/~files/" + space + "/" + fileRef + ")"));
        given().header(ReaderResource.SITE_HOST, host).get("/s/~host/llms.txt").then().statusCode(200)
                .body(containsString("- [Guide](http://" + host + "/guide.md)"));
        given().header(ReaderResource.SITE_HOST, host).accept("text/markdown").get("/s/~host/guide").then().statusCode(200)
                .body(startsWith("# Guide"));
        given().header(ReaderResource.SITE_HOST, host).get("/s/~host/nope.md").then().statusCode(404)
                .body(containsString("(http://" + host + "/sitemap.md)"));
    }
}
