package io.bindery.sites.reader;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.commons.testing.TopicEvents;
import io.bindery.contracts.content.ContentEventTypes;
import io.bindery.contracts.content.SpaceContentUpdated;
import io.bindery.contracts.integrations.GitSyncData;
import io.bindery.contracts.integrations.IntegrationsEventTypes;
import io.bindery.sites.testing.ContentStandIn;
import io.bindery.sites.testing.ContentStandIn.StandInPage;
import io.bindery.sites.testing.SiteFixtures;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;

import static io.bindery.sites.testing.SiteFixtures.as;
import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reader over HTTP against the real database, content's internal API served by the stand-in over real HTTP, a
 * merge's event through the real broker: pages, navigation, rewritten links, unsafe markdown made harmless, each
 * visibility rule, conditions for two visitors, 304 on a revisit.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(ContentStandIn.class)
class ReaderTest {
    static final String UNSAFE = """
            Before.

            <script>alert('x')</script>

            <img src="x" onerror="alert('y')">

            <iframe src="https://evil.example"></iframe>

            [run](javascript:alert('z')) and [data](data:text/html;base64,PHNjcmlwdD4=) and [tab](java\tscript:alert(1))
            """;

    @Inject
    ObjectMapper json;
    @Inject
    jakarta.persistence.EntityManager em;
    @ConfigProperty(name = "kafka.bootstrap.servers")
    String kafka;

    String org;
    String admin;
    String space;
    String site;
    String guideId;

    @BeforeEach
    void site() {
        org = Ids.newId();
        admin = SiteFixtures.member(org, "admin");
        space = ContentStandIn.space(org, "Handbook", Set.of(), Set.of(admin));
        String introId = Ids.newId();
        StandInPage guide = StandInPage.document("Guide", "guide", 0, "# Guide\n\nRead [the intro](/pages/" + introId + "#start).");
        guideId = guide.id();
        StandInPage intro = new StandInPage(introId, "document", "Introduction", "intro", 0, """
                ## Start

                See [the guide](/pages/%s) and [the web](https://example.com).

                | a | b |
                |---|---|
                | 1 | 2 |

                ```java
                class A {}
                ```

                ## Start
                """.formatted(guide.id()));
        StandInPage details = StandInPage.document("Details", "guide/details", 1, "Deep.\n\n" + UNSAFE);
        ContentStandIn.revision(space, ContentStandIn.data(space).revision(), List.of(intro, guide, details));
        site = as(admin).body("{\"title\":\"Handbook site\",\"spaces\":[\"" + space + "\"]}").post("/v1/orgs/" + org + "/sites")
                .then().statusCode(201).extract().path("id");
    }

    String url(String rest) {
        return "/s/" + site + rest;
    }

    /** The reader answers a repeated request from its last second ({@link RecentPages}): a change shows after it. */
    static void settle() throws InterruptedException {
        Thread.sleep(RecentPages.TTL_NANOS / 1_000_000 + 100);
    }

    void publish() {
        as(admin).post("/v1/orgs/" + org + "/sites/" + site + "/publish").then().statusCode(200);
    }

    @Test
    void aPublicSiteIsReadAsPagesWithNavigationAndSafeLinks() {
        publish();
        Response home = given().get(url("/"));
        home.then().statusCode(200).contentType(startsWith("text/html"))
                .header("Content-Security-Policy", allOf(containsString("default-src 'none'"), containsString("script-src 'self';"), not(containsString("unsafe"))))
                .header("X-Content-Type-Options", "nosniff").header("Referrer-Policy", "strict-origin-when-cross-origin")
                .body(containsString("<title>Introduction · Handbook site</title>"))
                .body(containsString("<h2 id=\"start\">Start<a href=\"#start\" class=\"anchor\" aria-label=\"Link to this section\">#</a></h2>"))
                .body(containsString("<h2 id=\"start-2\">Start<a href=\"#start-2\""))
                .body(containsString("href=\"/s/" + site + "/guide\"")) // a page link rewritten to its published address
                .body(containsString("<table>")).body(containsString("class=\"language-java\""))
                .body(containsString("href=\"#start\"")) // the outline
                .body(containsString("rel=\"next\" href=\"/s/" + site + "/guide\""));
        given().get(url("/guide")).then().statusCode(200)
                .body(containsString("href=\"/s/" + site + "/intro#start\""))
                .body(containsString("rel=\"prev\" href=\"/s/" + site + "/intro\""));
        given().get(url("/guide/details")).then().statusCode(200)
                .body(containsString("class=\"crumbs\"")).body(containsString(">Guide</a> ›"));
        java.time.LocalDate made = java.time.LocalDate.ofInstant(ContentStandIn.madeAt(space, ContentStandIn.data(space).revision()),
                java.time.ZoneOffset.UTC);
        given().get(url("/guide")).then().statusCode(200)
                .body(containsString("<p class=\"updated\">Last updated <time datetime=\"" + made + "\">")); // the revision's date
        given().get(url("/no-such-page")).then().statusCode(404).contentType(startsWith("text/html"))
                .body(containsString("Page not found")).header("X-Robots-Tag", "noindex");
        given().get("/s/" + Ids.newId() + "/").then().statusCode(404).body(containsString("Page not found"));
        given().get("/s/_assets/reader.css").then().statusCode(200).contentType(startsWith("text/css"));
        given().get(url("/robots.txt")).then().statusCode(200).contentType(startsWith("text/plain"))
                .body(containsString("Allow: /s/" + site + "/")).body(containsString("Sitemap: ")).body(containsString("/s/" + site + "/sitemap.xml"));
        given().get(url("/sitemap.xml")).then().statusCode(200).contentType(startsWith("application/xml"))
                .body(containsString("/s/" + site + "/intro</loc>")).body(containsString("/s/" + site + "/guide</loc>"))
                .body(containsString("/s/" + site + "/guide/details</loc>"));

        // a revisit with the ETag costs a 304
        String etag = home.header("ETag");
        given().header("If-None-Match", etag).get(url("/")).then().statusCode(304).header("ETag", etag);
        given().header("If-None-Match", "\"other\"").get(url("/")).then().statusCode(200);
    }

    @Test
    void theTitleIsShownOnceAndTheNavigationIsNestedLists() {
        publish();
        String html = given().get(url("/guide/details")).then().statusCode(200).extract().asString();
        String nav = html.substring(html.indexOf("<nav class=\"tree\""), html.indexOf("</nav>", html.indexOf("<nav class=\"tree\"")));
        assertTrue(nav.contains("<li><a href=\"/s/" + site + "/guide\">Guide</a><ul>\n<li><a href=\"/s/" + site
                + "/guide/details\" aria-current=\"page\" class=\"current\">Details</a></li></ul></li>"), "the current branch open: " + nav);
        assertTrue(nav.contains("<li><a href=\"/s/" + site + "/intro\">Introduction</a></li>"), nav);
        assertEquals(nav.split("<ul>", -1).length, nav.split("</ul>", -1).length, "balanced lists: " + nav);
        // the page Guide starts with "# Guide": the title is not shown twice
        String guide = given().get(url("/guide")).then().statusCode(200).extract().asString();
        String article = guide.substring(guide.indexOf("<article>"), guide.indexOf("</article>"));
        assertTrue(article.contains("<h1>Guide</h1>"), article);
        assertFalse(article.contains("<h1 id="), "the repeated heading is left out: " + article);
        // closed branches: on the introduction, Guide's children are not listed
        String home = given().get(url("/intro")).then().statusCode(200).extract().asString();
        assertFalse(home.contains("guide/details\""), home);
    }

    @Test
    void unsafeMarkdownIsShownAsTextNeverRun() {
        publish();
        String html = given().get(url("/guide/details")).then().statusCode(200).extract().asString();
        String article = html.substring(html.indexOf("<article>"), html.indexOf("</article>"));
        assertFalse(article.contains("<script"), article);
        assertFalse(article.contains("<iframe"), article);
        assertFalse(article.contains("<img src=\"x\""), article);
        assertFalse(article.toLowerCase().contains("javascript:") && article.contains("href=\"javascript"), article);
        assertFalse(article.contains("href=\"data:"), article);
        assertFalse(article.contains("href=\"java"), article);
        assertTrue(article.contains("&lt;script&gt;"), "raw HTML shows as text: " + article);
        assertTrue(html.contains("<p>Deep.</p>"), html);
    }

    @Test
    void visibilityRulesApplyToTheReader() throws Exception {
        given().get(url("/")).then().statusCode(404); // not published
        publish();
        settle();
        as(admin).body("{\"visibility\":\"unlisted\",\"basename\":\"hb-" + site.toLowerCase().substring(0, 6) + "\"}")
                .patch("/v1/orgs/" + org + "/sites/" + site).then().statusCode(200);
        settle();
        given().get(url("/")).then().statusCode(200).header("X-Robots-Tag", "noindex")
                .body(containsString("<meta name=\"robots\" content=\"noindex\">"));
        given().get("/s/hb-" + site.toLowerCase().substring(0, 6) + "/guide").then().statusCode(200); // by basename
        given().get(url("/robots.txt")).then().statusCode(200).body(containsString("Disallow: /"));
        given().get(url("/sitemap.xml")).then().statusCode(404); // unlisted: out of the sitemap

        // share-link: the key once, then a cookie scoped to the site
        as(admin).body("{\"visibility\":\"share-link\"}").patch("/v1/orgs/" + org + "/sites/" + site).then().statusCode(200);
        String link = as(admin).body("{\"name\":\"Partners\"}").post("/v1/orgs/" + org + "/sites/" + site + "/share-links")
                .then().statusCode(201).extract().path("urls.published");
        String key = link.replaceAll(".*share=", "");
        settle();
        given().get(url("/")).then().statusCode(404);
        Response taken = given().redirects().follow(false).get(url("/guide?share=" + key + "&x=1"));
        taken.then().statusCode(303).header("Location", allOf(containsString("/s/" + site + "/guide?x=1"), not(containsString(key))));
        String setCookie = taken.header("Set-Cookie");
        assertTrue(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Lax") && setCookie.contains("Path=/s/" + site + "/"),
                setCookie);
        given().cookie(ReaderResource.SHARE_COOKIE, key).get(url("/guide")).then().statusCode(200).header("Cache-Control", startsWith("private"));
        given().cookie(ReaderResource.SHARE_COOKIE, "wrong").get(url("/guide")).then().statusCode(404);

        // visitor-auth: a token of the site's key once, then a cookie
        as(admin).body("{\"visibility\":\"visitor-auth\"}").patch("/v1/orgs/" + org + "/sites/" + site).then().statusCode(200);
        String siteKey = as(admin).get("/v1/orgs/" + org + "/sites/" + site + "/publishing/auth").then().statusCode(200).extract().path("privateKey");
        String token = SiteFixtures.visitorToken(siteKey, 60, true);
        settle();
        given().cookie(ReaderResource.SHARE_COOKIE, key).get(url("/guide")).then().statusCode(404);
        given().redirects().follow(false).get(url("/?jwt_token=" + token)).then().statusCode(303)
                .header("Set-Cookie", allOf(containsString(ReaderResource.VISITOR_COOKIE + "="), containsString("HttpOnly")));
        given().cookie(ReaderResource.VISITOR_COOKIE, token).get(url("/guide")).then().statusCode(200);
        given().cookie(ReaderResource.VISITOR_COOKIE, SiteFixtures.visitorToken("another-key-0123456789abcdef", 60, true))
                .get(url("/guide")).then().statusCode(404);
        given().header("X-Forwarded-Proto", "https").redirects().follow(false).get(url("/?jwt_token=" + token))
                .then().header("Set-Cookie", containsString("Secure"));
    }

    @Test
    void conditionsShowEachVisitorTheirSectionsAndAMergeShowsUp() throws Exception {
        as(admin).body("{\"jsonSchema\":" + SiteFixtures.SCHEMA + "}").put("/v1/orgs/" + org + "/sites/" + site + "/adaptive-schema")
                .then().statusCode(200);
        String guides = as(admin).body("{\"title\":\"Guides\"}").post("/v1/orgs/" + org + "/sites/" + site + "/sections")
                .then().statusCode(201).extract().path("id");
        String proSpace = ContentStandIn.space(org, "Pro handbook", Set.of(), Set.of(admin));
        ContentStandIn.revision(proSpace, ContentStandIn.data(proSpace).revision(),
                List.of(StandInPage.document("Pro start", "start", 0, "For pro plans.")));
        String pro = as(admin).body("{\"title\":\"Pro\",\"spaceId\":\"" + proSpace + "\"}").post("/v1/orgs/" + org + "/sites/" + site + "/sections")
                .then().statusCode(201).extract().path("id");
        as(admin).body("{\"condition\":\"visitor.claims.unsigned.plan == 'pro'\"}").patch("/v1/orgs/" + org + "/sites/" + site + "/sections/" + pro)
                .then().statusCode(200);
        publish();
        assertTrue(!guides.isEmpty());
        given().get(url("/?visitor.plan=pro")).then().statusCode(200).body(containsString("class=\"tabs\""))
                .body(containsString(">Pro</a>"));
        given().get(url("/pro/start?visitor.plan=pro")).then().statusCode(200).body(containsString("For pro plans."));
        given().get(url("/?visitor.plan=free")).then().statusCode(200).body(not(containsString(">Pro</a>")));
        given().get(url("/pro/start?visitor.plan=free")).then().statusCode(404);

        // a merge moves the space to a new revision: the page shows it, and each revision's tree is read once
        String before = ContentStandIn.data(space).revision();
        String merged = Ids.newId();
        ContentStandIn.revision(space, merged, List.of(StandInPage.document("Introduction", "intro", 0, "Merged text.")));
        given().get(url("/intro")).then().statusCode(200);
        given().get(url("/intro")).then().statusCode(200);
        assertEquals(1, ContentStandIn.TREE_READS.get(space + "/" + before).get());
        try (TopicEvents content = new TopicEvents(kafka, json, ContentEventTypes.TOPIC, "/bindery/content-service")) {
            content.send(space, content.event(Ids.newId(), ContentEventTypes.SPACE_CONTENT_UPDATED, space, Instant.now(),
                    new SpaceContentUpdated(space, merged, before, null)));
        }
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100))
                .until(() -> given().get(url("/intro")).then().extract().asString().contains("Merged text."));
    }

    /** integrations' Git Sync event of {@code space}: synced or not, with the link prefix {@code fileUrl}, at {@code at}. */
    GitSyncData gitSync(boolean synced, String fileUrl, Instant at) {
        return new GitSyncData(space, org, "refs/heads/main", synced, "export", "success", at, at, null, null, null, null,
                "handbook", null, "docs/", "github", "active", at, fileUrl);
    }

    void send(TopicEvents integrations, String type, GitSyncData data) throws Exception {
        integrations.send(space, integrations.event(Ids.newId(), type, space, Instant.now(), data));
    }

    String page(String rest) {
        return given().get(url(rest)).then().statusCode(200).extract().asString();
    }

    @Test
    void pagesOfASyncedSpaceLinkToTheirFilesInTheRepositoryNeverToAnAddressWithCredentials() throws Exception {
        publish();
        assertFalse(page("/guide/details").contains("Edit on Git"), "no link before the space is synced");
        Instant t = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
        String prefix = "https://github.com/acme/handbook/blob/main/docs/";
        try (TopicEvents integrations = new TopicEvents(kafka, json, IntegrationsEventTypes.TOPIC, "/bindery/integrations-service")) {
            send(integrations, IntegrationsEventTypes.GIT_SYNC_STARTED, gitSync(true, prefix, t));
            // each page's file in GitBook's layout: the first page is README.md, a page with children its folder's README
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                    .until(() -> page("/guide/details").contains("Edit on Git"));
            given().get(url("/guide/details")).then().statusCode(200)
                    .body(containsString("<p class=\"edit-on-git\"><a href=\"" + prefix + "guide/details.md\" rel=\"nofollow noopener\">Edit on Git</a></p>"));
            given().get(url("/guide")).then().statusCode(200).body(containsString("href=\"" + prefix + "guide/README.md\""));
            given().get(url("/intro")).then().statusCode(200).body(containsString("href=\"" + prefix + "README.md\""));
            // the agents' markdown stays as it was
            given().get(url("/guide.md")).then().statusCode(200).body(not(containsString("Edit on Git")));

            // a stop removes the link, and an older event arriving late does not bring it back
            send(integrations, IntegrationsEventTypes.GIT_SYNC_STOPPED, gitSync(false, prefix, t.plusSeconds(2)));
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                    .until(() -> !page("/guide/details").contains("Edit on Git"));
            send(integrations, IntegrationsEventTypes.GIT_SYNC_COMPLETED, gitSync(true, prefix, t.plusSeconds(1)));

            // an address with credentials, a file or an ssh URL is never shown, whatever an event carries
            int n = 3;
            for (String bad : List.of("https://bot:s3cret@github.com/acme/handbook/blob/main/", "file:///srv/git/handbook/",
                    "ssh://git@github.com/acme/handbook/", "javascript:alert(1)//")) {
                Instant at = t.plusSeconds(n++);
                send(integrations, IntegrationsEventTypes.GIT_SYNC_COMPLETED, gitSync(true, bad, at));
                await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() -> at.equals(linkVersion()));
                String shown = page("/guide/details");
                assertFalse(shown.contains("Edit on Git") || shown.contains("s3cret") || shown.contains("file:")
                        || shown.contains("ssh:") || shown.contains("javascript:"), bad + " shown:\n" + shown);
            }
            send(integrations, IntegrationsEventTypes.GIT_SYNC_COMPLETED,
                    gitSync(true, "https://git.example.com/handbook/src/branch/main/", t.plusSeconds(n)));
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                    .until(() -> page("/guide/details").contains("https://git.example.com/handbook/src/branch/main/guide/details.md"));
        }
    }

    /** When the space's link was last set from an event (null: never). */
    Instant linkVersion() {
        return io.quarkus.narayana.jta.QuarkusTransaction.requiringNew().call(() -> {
            List<?> rows = em.createNativeQuery("SELECT updated_at FROM space_git_link WHERE space_id = :id")
                    .setParameter("id", space).getResultList();
            if (rows.isEmpty()) {
                return null;
            }
            Object v = rows.get(0);
            return switch (v) {
                case java.sql.Timestamp ts -> ts.toInstant();
                case java.time.OffsetDateTime o -> o.toInstant();
                default -> (Instant) v;
            };
        });
    }

    static final byte[] PNG = java.util.Base64.getDecoder().decode(
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==");

    /** A page with an image of the space's files; the space's revision gains it. */
    String withImage() {
        String revision = Ids.newId();
        String fileId = Ids.newId();
        ContentStandIn.file(space, revision, fileId, "image/png", PNG);
        ContentStandIn.revision(space, revision, List.of(
                StandInPage.document("Introduction", "intro", 0, "# Intro\n\n![logo](/files/" + fileId + ")\n\nThe wombat digs."),
                StandInPage.document("Guide", "guide", 0, "A <script>alert(1)</script> wombat guide.")));
        io.bindery.sites.sitespace.SpaceSources sources = io.quarkus.arc.Arc.container().instance(io.bindery.sites.sitespace.SpaceSources.class).get();
        io.quarkus.narayana.jta.QuarkusTransaction.requiringNew().run(() -> sources.revisionMoved(space, revision));
        return revision + "/" + fileId;
    }

    @Test
    void imagesAreServedFromTheSpacesFilesToThoseWhoMayReadTheSite() throws Exception {
        String file = withImage();
        String src = "/s/" + site + "/~files/" + space + "/" + file;
        given().get(src).then().statusCode(404); // not published yet
        publish();
        given().get(url("/intro")).then().statusCode(200).body(containsString("<img src=\"" + src + "\" alt=\"logo\""));
        byte[] bytes = given().get(src).then().statusCode(200).contentType("image/png")
                .header("Cache-Control", containsString("immutable")).header("X-Content-Type-Options", "nosniff")
                .extract().asByteArray();
        assertArrayEquals(PNG, bytes);
        given().get("/s/" + site + "/~files/" + space + "/" + file.split("/")[0] + "/unknown").then().statusCode(404);
        String elsewhere = ContentStandIn.space(org, "Not on the site", Set.of(), Set.of(admin));
        given().get("/s/" + site + "/~files/" + elsewhere + "/" + file).then().statusCode(404);
        given().get("/s/" + site + "/~files/" + space).then().statusCode(404);
        // a share-link site: the file needs the key too
        as(admin).body("{\"visibility\":\"share-link\"}").patch("/v1/orgs/" + org + "/sites/" + site).then().statusCode(200);
        String link = as(admin).body("{\"name\":\"Partners\"}").post("/v1/orgs/" + org + "/sites/" + site + "/share-links")
                .then().statusCode(201).extract().path("urls.published");
        given().get(src).then().statusCode(404);
        given().cookie(ReaderResource.SHARE_COOKIE, link.replaceAll(".*share=", "")).get(src).then().statusCode(200)
                .header("Cache-Control", startsWith("private"));
    }

    @Test
    void searchFindsPagesOfTheSpacesTheVisitorSeesWithoutScript() throws Exception {
        withImage();
        as(admin).body("{\"jsonSchema\":" + SiteFixtures.SCHEMA + "}").put("/v1/orgs/" + org + "/sites/" + site + "/adaptive-schema")
                .then().statusCode(200);
        as(admin).body("{\"title\":\"Guides\"}").post("/v1/orgs/" + org + "/sites/" + site + "/sections").then().statusCode(201);
        String proSpace = ContentStandIn.space(org, "Pro handbook", Set.of(), Set.of(admin));
        ContentStandIn.revision(proSpace, ContentStandIn.data(proSpace).revision(),
                List.of(StandInPage.document("Pro wombats", "start", 0, "Wombat care for pro plans.")));
        String pro = as(admin).body("{\"title\":\"Pro\",\"spaceId\":\"" + proSpace + "\"}").post("/v1/orgs/" + org + "/sites/" + site + "/sections")
                .then().statusCode(201).extract().path("id");
        as(admin).body("{\"condition\":\"visitor.claims.unsigned.plan == 'pro'\"}").patch("/v1/orgs/" + org + "/sites/" + site + "/sections/" + pro)
                .then().statusCode(200);
        publish();
        // the search box is a plain form: no script needed
        given().get(url("/")).then().statusCode(200)
                .body(containsString("<form class=\"search\" role=\"search\" action=\"/s/" + site + "/~search\" method=\"get\">"));
        String free = given().get(url("/~search?q=wombat")).then().statusCode(200).contentType(startsWith("text/html"))
                .header("Content-Security-Policy", containsString("default-src 'none'")).header("X-Robots-Tag", "noindex")
                .extract().asString();
        assertTrue(free.contains("href=\"/s/" + site + "/intro\""), free);
        assertTrue(free.contains("href=\"/s/" + site + "/guide\""), free);
        assertTrue(free.contains("<mark>wombat</mark>") || free.contains("<mark>Wombat</mark>"), free);
        assertFalse(free.contains("<script>"), "a snippet's markup is text: " + free);
        assertTrue(free.contains("&lt;script&gt;"), free);
        assertFalse(free.contains("Pro wombats"), "a section the visitor does not see is not searched: " + free);
        given().get(url("/~search?q=wombat&visitor.plan=pro")).then().statusCode(200)
                .body(containsString("Pro wombats")).body(containsString("href=\"/s/" + site + "/pro/start\""));
        given().get(url("/~search?q=")).then().statusCode(200).body(containsString("Type words to search"));
        given().get(url("/~search?q=nothing-matches-this")).then().statusCode(200).body(containsString("No page matches"));
        given().get(url("/~search?q=" + "x".repeat(600))).then().statusCode(200).body(containsString("at most 512"));
        given().get("/s/" + Ids.newId() + "/~search?q=wombat").then().statusCode(404);
    }

    @Test
    void aRevisitSinceTheLastChangeCostsA304() {
        publish();
        Response first = given().get(url("/guide"));
        String lastModified = first.header("Last-Modified");
        assertTrue(lastModified != null && lastModified.endsWith("GMT"), "Last-Modified: " + lastModified);
        given().header("If-Modified-Since", lastModified).get(url("/guide")).then().statusCode(304)
                .header("Last-Modified", lastModified);
        given().header("If-Modified-Since", "Mon, 01 Jan 2001 00:00:00 GMT").get(url("/guide")).then().statusCode(200);
        given().header("If-Modified-Since", "not a date").get(url("/guide")).then().statusCode(200);
        // If-None-Match wins over If-Modified-Since
        given().header("If-Modified-Since", lastModified).header("If-None-Match", "\"other\"").get(url("/guide")).then().statusCode(200);
    }

    @Test
    void aSiteIsServedAtTheRootOfItsOwnHostname() throws Exception {
        String host = "docs-" + site.toLowerCase().substring(0, 8) + ".acme.example";
        as(admin).body("{\"hostname\":\"" + host + "\"}").patch("/v1/orgs/" + org + "/sites/" + site).then().statusCode(200);
        publish();
        String home = given().header(ReaderResource.SITE_HOST, host + ":8080").get("/s/~host/").then().statusCode(200)
                .extract().asString();
        assertTrue(home.contains("href=\"/guide\""), "links at the root of the hostname: " + home);
        assertTrue(home.contains("href=\"/~assets/reader.css\""), home);
        assertTrue(home.contains("action=\"/~search\""), home);
        given().header(ReaderResource.SITE_HOST, host).get("/s/~host/guide/details").then().statusCode(200)
                .body(containsString("class=\"crumbs\""));
        given().header(ReaderResource.SITE_HOST, host).get("/s/~host/~assets/reader.css").then().statusCode(200)
                .contentType(startsWith("text/css"));
        given().header(ReaderResource.SITE_HOST, host).get("/s/~host/~assets/favicon.svg").then().statusCode(200)
                .contentType(startsWith("image/svg+xml"));
        assertTrue(home.contains("<link rel=\"icon\" type=\"image/svg+xml\" href=\"/~assets/favicon.svg\">"), home);
        given().header(ReaderResource.SITE_HOST, host).get("/s/~host/robots.txt").then().statusCode(200)
                .body(containsString("Sitemap: http://" + host + "/sitemap.xml"));
        given().header(ReaderResource.SITE_HOST, host).get("/s/~host/sitemap.xml").then().statusCode(200)
                .body(containsString("<loc>http://" + host + "/guide</loc>"));
        given().header(ReaderResource.SITE_HOST, "unknown.acme.example").get("/s/~host/").then().statusCode(404)
                .body(containsString("Page not found"));
        given().get("/s/~host/").then().statusCode(404);
        // a share-link site on its hostname: the cookie is scoped to the whole host
        as(admin).body("{\"visibility\":\"share-link\"}").patch("/v1/orgs/" + org + "/sites/" + site).then().statusCode(200);
        String link = as(admin).body("{\"name\":\"Partners\"}").post("/v1/orgs/" + org + "/sites/" + site + "/share-links")
                .then().statusCode(201).extract().path("urls.published");
        String key = link.replaceAll(".*share=", "");
        given().header(ReaderResource.SITE_HOST, host).redirects().follow(false).get("/s/~host/guide?share=" + key).then()
                .statusCode(303).header("Set-Cookie", containsString("Path=/;"));
    }
}
