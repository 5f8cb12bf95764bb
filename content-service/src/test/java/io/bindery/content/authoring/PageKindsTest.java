package io.bindery.content.authoring;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.bindery.content.TestApi.as;
import static io.bindery.content.TestApi.internal;
import static io.bindery.content.TestApi.member;
import static io.bindery.content.TestApi.space;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Groups and link pages written by a content batch ({@code "type": "group" | "link"}), as a SUMMARY.md's headings and
 * external entries are (Git Sync's import), and the rules that keep every tree one a table of contents can show: a
 * group at the top level only, nothing under a link, a link with an href and no text.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class PageKindsTest {

    private static String branch(String space) {
        return internal().body("{}").post("/internal/spaces/" + space + "/branches").then().statusCode(201)
                .extract().path("id");
    }

    private static String content(String space, String cr) {
        return "/v1/spaces/" + space + "/change-requests/" + cr + "/content";
    }

    private static JsonPath pages(String admin, String space, String cr) {
        return as(admin).get(content(space, cr) + "/pages").then().statusCode(200).extract().jsonPath();
    }

    private static void refused(String admin, String space, String cr, String change, String message) {
        String before = pages(admin, space, cr).prettify();
        as(admin).body("{\"changes\":[" + change + "]}").post(content(space, cr)).then().statusCode(400)
                .body("error.code", equalTo(400)).body("error.message", containsString(message));
        assertEquals(before, pages(admin, space, cr).prettify(), "a refused batch changes nothing");
    }

    @Test
    void groupsAndLinksAreWrittenReadAndMerged() {
        String org = Ids.newId();
        String admin = member(org, "admin", null);
        String space = space(org, admin, "Kinds");
        String cr = branch(space);
        as(admin).body("""
                {"changes": [
                  {"operation": "insert_page", "title": "Home", "document": {"markdown": "Welcome."}},
                  {"operation": "insert_page", "type": "group", "ref": "g", "title": "Reference"},
                  {"operation": "insert_page", "into": "g", "title": "API", "document": {"markdown": "Calls."}},
                  {"operation": "insert_page", "into": "g", "type": "link", "title": "Status",
                   "href": "https://status.example.com/"}
                ]}""").post(content(space, cr)).then().statusCode(200);
        internal().body("{}").post("/internal/spaces/" + space + "/branches/" + cr + "/merge").then().statusCode(200);

        JsonPath tree = as(admin).get("/v1/spaces/" + space + "/content/pages").then().statusCode(200).extract().jsonPath();
        assertEquals(List.of("Home", "Reference"), tree.getList("pages.title"));
        assertEquals("group", tree.getString("pages[1].kind"));
        assertEquals("group", tree.getString("pages[1].type"));
        assertEquals(List.of("API", "Status"), tree.getList("pages[1].pages.title"));
        assertEquals(List.of("document", "link"), tree.getList("pages[1].pages.type"));
        assertEquals("https://status.example.com/", tree.getString("pages[1].pages[1].href"));
        // GitBook's RevisionPageLink: its target is a ContentRef, here an address
        assertEquals(Map.of("kind", "url", "url", "https://status.example.com/"), tree.getMap("pages[1].pages[1].target"));
        assertNull(tree.get("pages[1].pages[0].target"));
        assertEquals("reference/api", tree.getString("pages[1].pages[0].path"));
        String link = tree.getString("pages[1].pages[1].id");
        as(admin).get("/v1/spaces/" + space + "/content/page/" + link).then().statusCode(200)
                .body("kind", equalTo("link")).body("href", equalTo("https://status.example.com/"));
        String stranger = member(Ids.newId(), "admin", null);
        as(stranger).get("/v1/spaces/" + space + "/content/page/" + link).then().statusCode(404);
    }

    @Test
    void pagesChangeKindInPlaceAndBadKindsAreRefused() {
        String org = Ids.newId();
        String admin = member(org, "admin", null);
        String space = space(org, admin, "Kinds");
        String cr = branch(space);
        as(admin).body("""
                {"changes": [
                  {"operation": "insert_page", "ref": "guide", "title": "Guide", "document": {"markdown": "Text."}},
                  {"operation": "insert_page", "into": "guide", "title": "Install", "document": {"markdown": "Run."}},
                  {"operation": "insert_page", "type": "link", "ref": "l", "title": "Blog", "href": "https://blog.example.com"}
                ]}""").post(content(space, cr)).then().statusCode(200);
        JsonPath tree = pages(admin, space, cr);
        String guide = tree.getString("pages[0].id");
        String install = tree.getString("pages[0].pages[0].id");
        String blog = tree.getString("pages[1].id");

        refused(admin, space, cr, "{\"operation\":\"insert_page\",\"type\":\"group\",\"into\":\"" + guide
                + "\",\"title\":\"G\"}", "a group sits at the top level");
        refused(admin, space, cr, "{\"operation\":\"insert_page\",\"into\":\"" + blog
                + "\",\"title\":\"Under\",\"document\":{}}", "a link has no pages under it");
        refused(admin, space, cr, "{\"operation\":\"insert_page\",\"type\":\"link\",\"title\":\"L\"}", "href is required");
        refused(admin, space, cr, "{\"operation\":\"insert_page\",\"type\":\"link\",\"title\":\"L\",\"href\":\"javascript:alert(1)\"}",
                "are not allowed");
        refused(admin, space, cr, "{\"operation\":\"insert_page\",\"type\":\"link\",\"title\":\"L\",\"href\":\"blog\"}",
                "href must be an absolute URL");
        refused(admin, space, cr, "{\"operation\":\"insert_page\",\"type\":\"group\",\"title\":\"G\",\"document\":{\"markdown\":\"x\"}}",
                "has no document of its own");
        refused(admin, space, cr, "{\"operation\":\"insert_page\",\"type\":\"sheet\",\"title\":\"S\",\"document\":{}}",
                "type must be one of document, group, link");
        refused(admin, space, cr, "{\"operation\":\"insert_page\",\"title\":\"D\",\"href\":\"https://x.example\",\"document\":{}}",
                "only a link page has an href");
        refused(admin, space, cr, "{\"operation\":\"update_page\",\"page\":\"" + install + "\",\"href\":\"https://x.example\"}",
                "only a link page has an href");
        refused(admin, space, cr, "{\"operation\":\"update_page\",\"page\":\"" + guide + "\",\"type\":\"link\",\"href\":\"https://x.example\"}",
                "has pages under it; a link cannot");
        refused(admin, space, cr, "{\"operation\":\"update_page\",\"page\":\"" + install + "\",\"type\":\"group\"}",
                "a group sits at the top level");
        refused(admin, space, cr, "{\"operation\":\"update_page\",\"page\":\"" + install + "\",\"type\":\"link\"}",
                "href is required");
        refused(admin, space, cr, "{\"operation\":\"update_page\",\"page\":\"" + install + "\",\"into\":\"" + blog + "\"}",
                "a link has no pages under it");

        // the top-level document becomes a group heading its page; the link moves to a new address
        as(admin).body("{\"changes\":[{\"operation\":\"update_page\",\"page\":\"" + guide + "\",\"type\":\"group\"},"
                + "{\"operation\":\"update_page\",\"page\":\"" + blog + "\",\"href\":\"https://news.example.com\"}]}")
                .post(content(space, cr)).then().statusCode(200);
        tree = pages(admin, space, cr);
        assertEquals(guide, tree.getString("pages[0].id"));
        assertEquals("group", tree.getString("pages[0].kind"));
        assertEquals(install, tree.getString("pages[0].pages[0].id"));
        assertEquals("https://news.example.com", tree.getString("pages[1].href"));
        as(admin).get(content(space, cr) + "/page/" + guide).then().statusCode(200).body("kind", equalTo("group"));
        // and back: a document again, with no text until some is written; no longer a link, no href
        as(admin).body("{\"changes\":[{\"operation\":\"update_page\",\"page\":\"" + blog + "\",\"type\":\"document\","
                + "\"document\":{\"markdown\":\"Now a page.\"}}]}").post(content(space, cr)).then().statusCode(200);
        tree = pages(admin, space, cr);
        assertEquals("document", tree.getString("pages[1].type"));
        assertNull(tree.get("pages[1].href"));
    }
}
