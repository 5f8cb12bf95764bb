package io.bindery.e2e;

import io.bindery.e2e.E2EFixtures.TestOrg;
import io.restassured.RestAssured;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static io.bindery.e2e.ContentFixtures.as;
import static io.bindery.e2e.ContentFixtures.insertPage;
import static io.bindery.e2e.ContentFixtures.newMarkdown;
import static io.bindery.e2e.ContentFixtures.seedMain;
import static io.bindery.e2e.ContentFixtures.updatePage;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.startsWith;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reader through the gateway, with no API token, on content written and merged through content-service: a
 * published site's pages, a page link rewritten, and a merge that shows on the site within seconds.
 */
class ReaderE2ETest {
    static io.restassured.specification.RequestSpecification visitor() {
        return RestAssured.given().baseUri(Stack.GATEWAY);
    }

    @Test
    void aPublishedSiteIsReadInABrowserAndAMergeShowsUp() {
        TestOrg org = E2EFixtures.newTestOrg();
        String admin = org.admin().token();
        String space = as(admin).body(Map.of("title", "Handbook")).post(org.path() + "/spaces").then().statusCode(201).extract().path("id");
        Map<String, String> pages = seedMain(admin, space, insertPage("Welcome", "Hello **readers**."),
                insertPage("Setup", "| a | b |\n|---|---|\n| 1 | 2 |\n\n```sh\nmake\n```"));
        String site = as(admin).body(Map.of("title", "Handbook site", "spaces", List.of(space))).post(org.path() + "/sites")
                .then().statusCode(201).extract().path("id");
        visitor().get("/s/" + site + "/").then().statusCode(404); // not published yet
        as(admin).post(org.path() + "/sites/" + site + "/publish").then().statusCode(200);
        // the reader answers a repeated request from its last second: the 404 above may show a moment longer
        await().atMost(Duration.ofSeconds(3)).pollInterval(Duration.ofMillis(100))
                .until(() -> visitor().get("/s/" + site + "/").statusCode() == 200);

        visitor().get("/s/" + site + "/").then().statusCode(200).contentType(startsWith("text/html"))
                .header("Content-Security-Policy", containsString("default-src 'none'"))
                .body(containsString("<strong>readers</strong>")).body(containsString("Setup"));
        visitor().get("/s/" + site + "/setup").then().statusCode(200).body(containsString("<table>"))
                .body(containsString("class=\"language-sh\""));

        // a merge shows up: content's event moves the site's revision
        seedMain(admin, space, updatePage(pages.get("Welcome"), "document", newMarkdown("Merged for readers.")));
        await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(100)).until(() ->
                visitor().get("/s/" + site + "/").then().extract().asString().contains("Merged for readers."));
    }

    static final String PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

    /**
     * With the real content-service: an image of the space's files shows on the page and loads, the search box finds
     * pages of the site, and the site answers at the root of its own hostname through the gateway.
     */
    @Test
    void imagesLoadSearchFindsPagesAndASiteAnswersOnItsHostname() {
        TestOrg org = E2EFixtures.newTestOrg();
        String admin = org.admin().token();
        String space = as(admin).body(Map.of("title", "Field guide")).post(org.path() + "/spaces").then().statusCode(201).extract().path("id");
        seedMain(admin, space,
                Map.of("operation", "insert_files", "files", List.of(Map.of("ref", "logo", "name", "logo.png",
                        "contentType", "image/png", "base64", PNG))),
                insertPage("Wombats", "# Wombats\n\n![logo](logo)\n\n## Burrows\n\nA wombat digs burrows at night."),
                insertPage("Koalas", "Koalas sleep in trees."));
        String host = "docs-" + space.toLowerCase().substring(0, 8) + ".acme.example";
        String site = as(admin).body(Map.of("title", "Field site", "spaces", List.of(space))).post(org.path() + "/sites")
                .then().statusCode(201).extract().path("id");
        as(admin).body(Map.of("hostname", host)).patch(org.path() + "/sites/" + site).then().statusCode(200);
        as(admin).post(org.path() + "/sites/" + site + "/publish").then().statusCode(200);
        await().atMost(Duration.ofSeconds(3)).pollInterval(Duration.ofMillis(100))
                .until(() -> visitor().get("/s/" + site + "/").statusCode() == 200);

        String html = visitor().get("/s/" + site + "/").then().statusCode(200).extract().asString();
        java.util.regex.Matcher img = java.util.regex.Pattern.compile("<img src=\"(/s/" + site + "/~files/[^\"]+)\"").matcher(html);
        assertTrue(img.find(), html);
        byte[] bytes = visitor().get(img.group(1)).then().statusCode(200).contentType("image/png").extract().asByteArray();
        assertArrayEquals(java.util.Base64.getDecoder().decode(PNG), bytes);

        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(200)).until(() ->
                visitor().get("/s/" + site + "/~search?q=burrows").then().extract().asString().contains("/s/" + site + "/wombats#burrows"));
        visitor().get("/s/" + site + "/~search?q=burrows").then().statusCode(200)
                .body(containsString("<mark>burrows</mark>")).body(not(containsString("Koalas")));

        // the same site at the root of its hostname, through the gateway
        visitor().header("Host", host).get("/").then().statusCode(200).body(containsString("href=\"/koalas\""));
        visitor().header("Host", host).get("/koalas").then().statusCode(200).body(containsString("Koalas sleep in trees."));
        visitor().header("Host", host).get("/sitemap.xml").then().statusCode(200).body(containsString("/koalas</loc>"));
        visitor().header("Host", "unknown.acme.example").get("/").then().statusCode(404);
    }
}
