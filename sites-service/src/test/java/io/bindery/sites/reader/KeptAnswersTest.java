package io.bindery.sites.reader;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.sites.testing.ContentStandIn;
import io.bindery.sites.testing.ContentStandIn.StandInPage;
import io.bindery.sites.testing.InsightsStandIn;
import io.bindery.sites.testing.SiteFixtures;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static io.bindery.sites.testing.SiteFixtures.as;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The kept answers sent from the router ({@link KeptAnswers}: a request without query, cookie or Authorization) are
 * the resource's own, byte for byte and header for header: the same request with an unrelated cookie goes through
 * {@link ReaderResource} and gets the same answer (markdown, llms.txt, an HTML page, a 404, a 304). Secrets and the
 * HTTP metrics' name of the request stay the resource's.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(ContentStandIn.class)
@WithTestResource(InsightsStandIn.class)
class KeptAnswersTest {
    String org;
    String admin;
    String space;
    String site;

    @BeforeEach
    void site() {
        org = Ids.newId();
        admin = SiteFixtures.member(org, "admin");
        space = ContentStandIn.space(org, "Handbook", Set.of(), Set.of(admin));
        String revision = ContentStandIn.data(space).revision();
        StandInPage guide = StandInPage.document("Guide", "guide", 0, "# Guide\n\nSome text.\n");
        StandInPage intro = StandInPage.document("Introduction", "intro", 0, "See [the guide](/pages/" + guide.id() + ").\n");
        ContentStandIn.revision(space, revision, List.of(intro, guide));
        site = as(admin).body("{\"title\":\"Kept site\",\"spaces\":[\"" + space + "\"]}").post("/v1/orgs/" + org + "/sites")
                .then().statusCode(201).extract().path("id");
        as(admin).post("/v1/orgs/" + org + "/sites/" + site + "/publish").then().statusCode(200);
    }

    @Test
    void aKeptAnswerFromTheRouterIsTheResourcesOwn() throws InterruptedException {
        for (String rest : new String[] {"/guide.md", "/llms.txt", "/sitemap.md", "/guide", "/", "/no-such-page.md", "/no-such-page"}) {
            String path = "/s/" + site + rest;
            given().get(path); // made and kept
            assertSame(path, given().get(path), given().header("Cookie", "unrelated=1").get(path));
        }
        // read again after its second: revalidated (.md) or made anew (HTML), then kept again
        ReaderTest.settle();
        String path = "/s/" + site + "/guide.md";
        assertSame(path, given().get(path), given().header("Cookie", "unrelated=1").get(path));
        String etag = given().get(path).then().statusCode(200).extract().header("ETag");
        assertSame(path + " (304)", given().header("If-None-Match", etag).get(path),
                given().header("Cookie", "unrelated=1").header("If-None-Match", etag).get(path));
        given().accept("text/markdown").get("/s/" + site + "/guide");
        assertSame("Accept: text/markdown", given().accept("text/markdown").get("/s/" + site + "/guide"),
                given().header("Cookie", "unrelated=1").accept("text/markdown").get("/s/" + site + "/guide"));
    }

    @Test
    void secretsAndAnotherSitesVisitorsNeverGetAKeptAnswer() throws InterruptedException {
        as(admin).body("{\"visibility\":\"share-link\"}").patch("/v1/orgs/" + org + "/sites/" + site).then().statusCode(200);
        String key = as(admin).body("{\"name\":\"Agents\"}").post("/v1/orgs/" + org + "/sites/" + site + "/share-links")
                .then().statusCode(201).extract().jsonPath().getString("urls.published").replaceAll(".*share=", "");
        ReaderTest.settle();
        String path = "/s/" + site + "/guide.md";
        given().get(path + "?share=" + key).then().statusCode(200).body(containsString("Some text."));
        // the key's answer is kept under the key: a request without it is a 404, from the router or the resource
        given().get(path).then().statusCode(404).body(not(containsString("Some text.")));
        given().get(path).then().statusCode(404);
        given().header("Cookie", "bindery_share=" + key).get("/s/" + site + "/guide").then().statusCode(200);
        given().get("/s/" + site + "/guide").then().statusCode(404);
    }

    @Test
    void theHttpMetricsNameTheRequestByTheResourcesTemplate() {
        String path = "/s/" + site + "/intro.md";
        given().get(path).then().statusCode(200);
        given().get(path).then().statusCode(200);
        given().get("/q/metrics").then().statusCode(200)
                .body(containsString("uri=\"/s/{site}/{rest: .*}\""))
                .body(not(containsString("uri=\"" + path + "\"")));
    }

    private static void assertSame(String what, Response fromRouter, Response fromResource) {
        assertEquals(fromResource.statusCode(), fromRouter.statusCode(), what);
        assertEquals(headers(fromResource), headers(fromRouter), what);
        assertArrayEquals(fromResource.asByteArray(), fromRouter.asByteArray(), what);
    }

    private static Map<String, String> headers(Response response) {
        Map<String, String> out = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        response.headers().forEach(h -> out.merge(h.getName(), h.getValue(), (a, b) -> a + ", " + b));
        return out;
    }
}
