package io.bindery.sites.mcp;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.sites.testing.ContentStandIn;
import io.bindery.sites.testing.ContentStandIn.StandInPage;
import io.bindery.sites.testing.InsightsStandIn;
import io.bindery.sites.testing.SiteFixtures;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static io.bindery.sites.testing.SiteFixtures.as;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A site's MCP server over HTTP (Streamable HTTP, stateless), against the real database and content's internal API
 * served by the stand-in: initialize, tools/list, search, get_page, a page read as a resource, and the visibility
 * rules (unpublished, agentsContext excluded, share link, visitor token by Bearer) refusing with 404.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(ContentStandIn.class)
@WithTestResource(InsightsStandIn.class)
class McpTest {
    String org;
    String admin;
    String site;

    @BeforeEach
    void site() {
        org = Ids.newId();
        admin = SiteFixtures.member(org, "admin");
        String space = ContentStandIn.space(org, "Handbook", Set.of(), Set.of(admin));
        StandInPage guide = StandInPage.document("Guide", "guide", 0, "# Guide\n\nThe wombat digs burrows.");
        StandInPage intro = StandInPage.document("Introduction", "intro", 0, "Start with [the guide](/pages/" + guide.id() + ").");
        ContentStandIn.revision(space, ContentStandIn.data(space).revision(), List.of(intro, guide));
        site = as(admin).body("{\"title\":\"Handbook site\",\"spaces\":[\"" + space + "\"]}").post("/v1/orgs/" + org + "/sites")
                .then().statusCode(201).extract().path("id");
    }

    void publish() {
        as(admin).post("/v1/orgs/" + org + "/sites/" + site + "/publish").then().statusCode(200);
    }

    static RequestSpecification mcp() {
        return given().contentType("application/json").accept("application/json, text/event-stream");
    }

    static String call(int id, String method, String params) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + params + "}";
    }

    ValidatableResponse post(RequestSpecification request, String path, String body) {
        return request.body(body).post(path).then();
    }

    String url() {
        return "/s/" + site + "/~gitbook/mcp";
    }

    @Test
    void anAgentListsToolsSearchesAndReadsPages() {
        publish();
        post(mcp(), url(), call(1, "initialize", "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"test\",\"version\":\"1\"}}"))
                .statusCode(200).contentType(startsWith("application/json"))
                .body("id", equalTo(1)).body("result.protocolVersion", equalTo("2025-11-25"))
                .body("result.serverInfo.name", equalTo("bindery-docs")).body("result.capabilities.tools", notNullValue());
        mcp().body("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}").post(url()).then().statusCode(202);
        post(mcp(), url(), call(2, "tools/list", "{}")).statusCode(200)
                .body("result.tools.name", hasItems("search", "get_page"));
        post(mcp(), url(), call(3, "tools/call", "{\"name\":\"search\",\"arguments\":{\"query\":\"wombat\"}}")).statusCode(200)
                .body("result.isError", not(equalTo(true)))
                .body("result.content[0].text", containsString("[Guide](http"))
                .body("result.content[0].text", containsString("/s/" + site + "/guide.md"))
                .body("result.structuredContent.results[0].title", equalTo("Guide"));
        post(mcp(), url(), call(4, "tools/call", "{\"name\":\"get_page\",\"arguments\":{\"url\":\"http://docs.example/s/" + site + "/guide.md\"}}"))
                .statusCode(200).body("result.content[0].text", startsWith("# Guide\n\nThe wombat digs burrows."));
        post(mcp(), url(), call(5, "tools/call", "{\"name\":\"get_page\",\"arguments\":{\"url\":\"intro\"}}"))
                .statusCode(200).body("result.content[0].text", containsString("/s/" + site + "/guide.md)"));
        post(mcp(), url(), call(6, "tools/call", "{\"name\":\"get_page\",\"arguments\":{\"url\":\"/s/" + site + "/nope.md\"}}"))
                .statusCode(200).body("result.isError", equalTo(true)).body("result.content[0].text", containsString("sitemap.md"));
        post(mcp(), url(), call(7, "tools/call", "{\"name\":\"search\",\"arguments\":{}}"))
                .statusCode(200).body("result.isError", equalTo(true));
        post(mcp(), url(), call(8, "resources/templates/list", "{}")).statusCode(200)
                .body("result.resourceTemplates[0].uriTemplate", equalTo("{+page}.md"));
        post(mcp(), url(), call(9, "resources/read", "{\"uri\":\"http://docs.example/s/" + site + "/guide.md\"}")).statusCode(200)
                .body("result.contents[0].mimeType", equalTo("text/markdown"))
                .body("result.contents[0].text", startsWith("# Guide"));
        // the pages as resources, as llms.txt lists them, with their .md URLs (the SDK's stateless server would list none)
        post(mcp(), url(), call(12, "resources/list", "{}")).statusCode(200)
                .body("result.resources.title", contains("Introduction", "Guide"))
                .body("result.resources.name", contains("intro", "guide"))
                .body("result.resources[1].uri", endsWith("/s/" + site + "/guide.md"))
                .body("result.resources[1].mimeType", equalTo("text/markdown"))
                .body("result.nextCursor", nullValue());
        // Streamable HTTP's rules: both media types accepted, POST only (stateless)
        given().contentType("application/json").accept("application/json").body(call(10, "tools/list", "{}")).post(url())
                .then().statusCode(400);
        given().get(url()).then().statusCode(405);
        post(mcp(), url(), "not json").statusCode(400);
        post(mcp().header("MCP-Protocol-Version", "1999-01-01"), url(), call(11, "tools/list", "{}")).statusCode(400);
    }

    @Test
    void resourcesListThePagesTheVisitorMayReadAHundredAtATime() {
        String space = ContentStandIn.space(org, "Big", Set.of(), Set.of(admin));
        List<StandInPage> pages = new java.util.ArrayList<>();
        for (int i = 0; i < 230; i++) {
            pages.add(StandInPage.document("Page " + i, "p" + i, 0, "Page number " + i + "."));
        }
        ContentStandIn.hide(pages.get(7).id());
        ContentStandIn.describe(pages.get(0).id(), "The first  page.");
        ContentStandIn.revision(space, ContentStandIn.data(space).revision(), pages);
        String big = as(admin).body("{\"title\":\"Big\",\"spaces\":[\"" + space + "\"]}").post("/v1/orgs/" + org + "/sites")
                .then().statusCode(201).extract().path("id");
        String path = "/s/" + big + "/~gitbook/mcp";
        String list = call(1, "resources/list", "{}");
        post(mcp(), path, list).statusCode(404); // not published
        as(admin).post("/v1/orgs/" + org + "/sites/" + big + "/publish").then().statusCode(200);
        List<String> titles = new java.util.ArrayList<>();
        String cursor = null;
        int calls = 0;
        do {
            ValidatableResponse page = post(mcp(), path, call(2, "resources/list", cursor == null ? "{}" : "{\"cursor\":\"" + cursor + "\"}"))
                    .statusCode(200);
            List<String> got = page.extract().path("result.resources.title");
            titles.addAll(got);
            cursor = page.extract().path("result.nextCursor");
            calls++;
            assertTrue(got.size() == SiteMcp.RESOURCES_PER_PAGE || cursor == null, "a full page unless it is the last");
        } while (cursor != null && calls < 10);
        assertEquals(3, calls);
        // every page but the hidden one, in the tree's order, each once
        assertEquals(229, titles.size());
        assertEquals("Page 0", titles.get(0));
        assertFalse(titles.contains("Page 7"));
        assertEquals("Page 229", titles.get(228));
        post(mcp(), path, list).statusCode(200).body("result.resources[0].description", equalTo("The first page."))
                .body("result.resources[0].uri", endsWith("/s/" + big + "/p0.md"));
        // a cursor that was not ours is refused as JSON-RPC's invalid params
        post(mcp(), path, call(3, "resources/list", "{\"cursor\":\"MTA.forged\"}")).statusCode(200)
                .body("id", equalTo(3)).body("error.code", equalTo(-32602));
        // the same rules as every agent surface: an excluded site lists nothing
        as(admin).body("{\"agentsContext\":\"excluded\"}").patch("/v1/orgs/" + org + "/sites/" + big).then().statusCode(200);
        post(mcp(), path, list).statusCode(404);
    }

    @Test
    void theSiteMustBeReadableAndOpenToAgents() throws Exception {
        String list = call(1, "tools/list", "{}");
        post(mcp(), url(), list).statusCode(404).body("error.code", equalTo(404)); // not published
        post(mcp(), "/s/" + Ids.newId() + "/~gitbook/mcp", list).statusCode(404);
        publish();
        post(mcp(), url(), list).statusCode(200);
        as(admin).body("{\"agentsContext\":\"excluded\"}").patch("/v1/orgs/" + org + "/sites/" + site).then().statusCode(200);
        post(mcp(), url(), list).statusCode(404);
        given().get("/s/" + site + "/guide").then().statusCode(200); // HTML stays
        as(admin).body("{\"agentsContext\":\"included\",\"visibility\":\"share-link\"}").patch("/v1/orgs/" + org + "/sites/" + site)
                .then().statusCode(200);
        String key = as(admin).body("{\"name\":\"Agents\"}").post("/v1/orgs/" + org + "/sites/" + site + "/share-links")
                .then().statusCode(201).extract().<String>path("urls.published").replaceAll(".*share=", "");
        post(mcp(), url(), list).statusCode(404);
        post(mcp(), url() + "?share=" + key, list).statusCode(200);
        post(mcp(), url() + "?share=" + key, call(2, "tools/call", "{\"name\":\"search\",\"arguments\":{\"query\":\"wombat\"}}"))
                .statusCode(200).body("result.content[0].text", containsString("guide.md?share=" + key));
        post(mcp(), url() + "?share=wrong", list).statusCode(404);
        as(admin).body("{\"visibility\":\"visitor-auth\"}").patch("/v1/orgs/" + org + "/sites/" + site).then().statusCode(200);
        String siteKey = as(admin).get("/v1/orgs/" + org + "/sites/" + site + "/publishing/auth").then().statusCode(200)
                .extract().path("privateKey");
        String token = SiteFixtures.visitorToken(siteKey, 60, true);
        post(mcp(), url() + "?share=" + key, list).statusCode(404);
        post(mcp().header("Authorization", "Bearer " + token), url(), list).statusCode(200);
        post(mcp().header("Authorization", "Bearer " + SiteFixtures.visitorToken("another-key-0123456789abcdef", 60, true)), url(), list)
                .statusCode(404);
        // a visitor's cookie is not taken: a page in the visitor's browser cannot call the server in their name
        post(mcp().cookie("bindery_visitor", token), url(), list).statusCode(404);
        // resources/list, answered before the SDK, under the same rules
        post(mcp().header("Authorization", "Bearer " + token), url(), call(3, "resources/list", "{}")).statusCode(200)
                .body("result.resources.title", contains("Introduction", "Guide"));
        post(mcp(), url(), call(3, "resources/list", "{}")).statusCode(404);
    }

    @Test
    void aHostnameSiteHasItsServerAtItsRoot() {
        String host = "mcp-" + site.toLowerCase().substring(0, 8) + ".acme.example";
        as(admin).body("{\"hostname\":\"" + host + "\"}").patch("/v1/orgs/" + org + "/sites/" + site).then().statusCode(200);
        publish();
        post(mcp().header("X-Bindery-Site-Host", host), "/s/~host/~gitbook/mcp",
                call(1, "tools/call", "{\"name\":\"search\",\"arguments\":{\"query\":\"wombat\"}}"))
                .statusCode(200).body("result.content[0].text", containsString("(http://" + host + "/guide.md)"));
        post(mcp().header("X-Bindery-Site-Host", "unknown.acme.example"), "/s/~host/~gitbook/mcp", call(1, "tools/list", "{}"))
                .statusCode(404);
    }
}
