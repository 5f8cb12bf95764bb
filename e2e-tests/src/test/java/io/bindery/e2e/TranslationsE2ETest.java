package io.bindery.e2e;

import io.bindery.e2e.E2EFixtures.TestOrg;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.bindery.e2e.ChangeRequestsE2ETest.changeRequests;
import static io.bindery.e2e.ContentFixtures.as;
import static io.bindery.e2e.ContentFixtures.insertPage;
import static io.bindery.e2e.ContentFixtures.markdownAt;
import static io.bindery.e2e.ContentFixtures.newMarkdown;
import static io.bindery.e2e.ContentFixtures.seedMain;
import static io.bindery.e2e.ContentFixtures.spacePath;
import static io.bindery.e2e.ContentFixtures.titles;
import static io.bindery.e2e.ContentFixtures.tree;
import static io.bindery.e2e.ContentFixtures.updatePage;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A translation through the real services (issue 19): insights-service reads a 3-page English space of
 * content-service, creates the Spanish target space next to it, and writes the pages in a change request of
 * review-service that is merged; Apertium (apertium-eng-spa, installed by ./platform) translates. A second run after
 * one page changed translates that page only. The module's own tests serve content and review with a stand-in.
 */
class TranslationsE2ETest {
    static final String START = """
            The house is big and the garden is green.

            ## Install the package

            Run the command below and wait until the installation finishes.

            ```sh
            npm install bindery
            ```

            Read the [guide](https://example.com/guide) and use `bindery.yaml` for the options.
            """;
    static final String INSTALL = """
            Open the door every morning and read the book.

            - Install the package
            - Configure the space

            ![the logo](https://example.com/logo.png)
            """;
    static final String CONFIG = """
            # Options

            | Name | Use |
            |------|-----|
            | theme | choose the colour of the theme |

            Write a new page for the red house.
            """;

    @Test
    void aSpaceIsTranslatedIntoSpanishAndASecondRunTranslatesTheChangedPageOnly() {
        TestOrg org = E2EFixtures.newTestOrg();
        String admin = org.admin().token();
        String source = as(admin).body(Map.of("title", "Handbook")).post(org.path() + "/spaces").then().statusCode(201)
                .extract().path("id");
        Map<String, String> pages = seedMain(admin, source, insertPage("Getting started", START, "ref", "start"),
                insertPage("Installation", INSTALL, "into", "start"), insertPage("Configuration", CONFIG));

        String id = as(admin).body(Map.of("source", Map.of("space", source, "language", "en"), "language", "es"))
                .post(org.path() + "/translations").then().statusCode(201).body("status", equalTo("pending"))
                .extract().path("id");
        String url = org.path() + "/translations/" + id;

        // the first run: the target space is made next to the source, the three pages written and merged
        as(admin).post(url + "/run").then().statusCode(204);
        JsonPath first = as(admin).get(url).then().statusCode(200).body("status", equalTo("completed"))
                .body("result.space", notNullValue()).body("result.revision", notNullValue())
                .body("stats.runs", equalTo(1)).body("stats.latestPages", equalTo(3))
                .body("stats.totalPages", equalTo(3)).extract().jsonPath();
        assertTrue(first.getInt("stats.latestWords") > 40, first.prettify());
        String target = first.getString("result.space");
        assertNotEquals(source, target);
        JsonPath sourceSpace = as(admin).get(spacePath(source)).then().statusCode(200).extract().jsonPath();
        as(admin).get(spacePath(target)).then().statusCode(200).body("organization", equalTo(org.id()))
                .body("language", equalTo("es")).body("revision", equalTo(first.getString("result.revision")))
                .body("parent", equalTo(sourceSpace.getString("parent")));
        as(admin).get(changeRequests(target) + "?status=merged").then().statusCode(200).body("items.size()", equalTo(1));

        List<Map<String, Object>> translated = tree(admin, spacePath(target) + "/content/pages");
        assertEquals(3, titles(translated).size(), titles(translated).toString());
        Map<String, String> markdown = new HashMap<>();
        for (Map<String, Object> page : ContentFixtures.flatten(translated)) {
            markdown.put((String) page.get("slug"), markdownAt(admin, spacePath(target) + "/content", (String) page.get("id")));
        }
        String start = markdown.get("getting-started");
        assertTrue(start.contains("casa") && start.contains("jard"), start);
        assertTrue(start.contains("\n## "), start);
        assertTrue(start.contains("```sh\nnpm install bindery\n```"), start);
        assertTrue(start.contains("](https://example.com/guide)") && start.contains("`bindery.yaml`"), start);
        String install = markdown.get("installation");
        assertTrue(install.contains("![") && install.contains("](https://example.com/logo.png)"), install);
        assertTrue(install.contains("- ") && install.contains("puerta"), install);
        // the child page keeps its parent
        Map<String, Object> startPage = translated.stream().filter(p -> "getting-started".equals(p.get("slug")))
                .findFirst().orElseThrow(() -> new AssertionError(titles(translated)));
        assertEquals(List.of("installation"), ContentFixtures.children(startPage).stream().map(p -> p.get("slug")).toList());
        String config = markdown.get("configuration");
        assertTrue(config.contains("|") && config.contains("casa roja"), config);

        // one page changes in the source: the second run translates that page only
        seedMain(admin, source, updatePage(pages.get("Configuration"), "document",
                newMarkdown(CONFIG + "\nThe blue house is small.\n")));
        as(admin).post(url + "/run").then().statusCode(204);
        JsonPath second = as(admin).get(url).then().statusCode(200).body("status", equalTo("completed"))
                .body("result.space", equalTo(target)).body("stats.runs", equalTo(2))
                .body("stats.latestPages", equalTo(1)).body("stats.totalPages", equalTo(3)).extract().jsonPath();
        assertNotEquals(first.getString("result.revision"), second.getString("result.revision"));
        as(admin).get(changeRequests(target) + "?status=merged").then().statusCode(200).body("items.size()", equalTo(2));
        List<Map<String, Object>> after = tree(admin, spacePath(target) + "/content/pages");
        for (Map<String, Object> page : ContentFixtures.flatten(after)) {
            String now = markdownAt(admin, spacePath(target) + "/content", (String) page.get("id"));
            if ("configuration".equals(page.get("slug"))) {
                assertTrue(now.contains("casa azul"), now);
            } else {
                assertEquals(markdown.get((String) page.get("slug")), now, "an unchanged page is not written again");
            }
        }
    }
}
