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
}
