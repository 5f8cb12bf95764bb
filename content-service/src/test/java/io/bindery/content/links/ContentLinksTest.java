package io.bindery.content.links;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.util.Base64;
import java.util.List;
import java.util.Map;

import static io.bindery.content.TestApi.as;
import static io.bindery.content.TestApi.member;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.in;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Links and backlinks are GitBook ContentLocations (0.167.0; 0.202.0 has the same schemas): kind one of the
 * documented kinds, a file target with its RevisionFile, and every page a RevisionPage with its child pages.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class ContentLinksTest {
    static final List<String> LOCATION_KINDS = List.of("file", "url", "page", "user", "collection", "space",
            "reusable-content", "openapi");

    @Test
    void fileAndPageLocationsHaveGitBooksShape() {
        String org = Ids.newId();
        String admin = member(org, "admin");
        String space = as(admin).body("{\"title\":\"Linked\"}").post("/v1/orgs/" + org + "/spaces")
                .then().statusCode(201).extract().path("id");
        String branch = given().contentType("application/json").body("{}").post("/internal/spaces/" + space + "/branches")
                .then().statusCode(201).extract().path("id");
        String content = "/v1/spaces/" + space + "/change-requests/" + branch + "/content";
        String png = Base64.getEncoder().encodeToString(new byte[]{(byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0});
        List<String> ids = as(admin).body(Map.of("changes", List.of(
                        Map.of("operation", "insert_page", "title", "Target", "document", Map.of("markdown", "# Target\n\nHere.\n")),
                        Map.of("operation", "insert_files", "files", List.of(Map.of("name", "chart.png",
                                "contentType", "image/png", "base64", png))))))
                .post(content + "?compat=false").then().statusCode(200).extract().path("pages.id");
        String target = ids.get(0);
        String file = as(admin).get(content + "/files").then().statusCode(200).extract().path("items[0].id");
        String source = as(admin).body(Map.of("changes", List.of(Map.of("operation", "insert_page", "title", "Source",
                        "document", Map.of("markdown", "# Source\n\nSee [it](/pages/" + target + ").\n\n![chart](/files/" + file
                                + ")\n\n[out](https://example.com/x)\n")))))
                .post(content + "?compat=false").then().statusCode(200).extract().path("pages[0].id");
        // a child under the source page: its location shows it among the source's pages
        as(admin).body(Map.of("changes", List.of(Map.of("operation", "insert_page", "title", "Child", "into", source,
                        "document", Map.of("markdown", "# Child\n")))))
                .post(content + "?compat=false").then().statusCode(200);
        given().contentType("application/json").body("{}").post("/internal/spaces/" + space + "/branches/" + branch + "/merge")
                .then().statusCode(200);

        JsonPath links = as(admin).get("/v1/spaces/" + space + "/links").then().statusCode(200)
                .body("items.targetReference.kind", containsInAnyOrder("page", "file", "url"))
                .body("items.targetReference.kind", everyItem(in(LOCATION_KINDS)))
                .body("items.locationReferences.flatten().kind", everyItem(equalTo("page")))
                .extract().jsonPath();
        Map<String, Object> fileTarget = links.getMap("items.find { it.targetReference.kind == 'file' }.targetReference");
        assertEquals(file, links.getString("items.find { it.targetReference.kind == 'file' }.targetReference.file.id"));
        for (String required : List.of("kind", "organization", "space", "file")) {
            assertTrue(fileTarget.containsKey(required), required + " in " + fileTarget);
        }
        for (String required : List.of("id", "name", "contentType", "downloadURL", "size")) {
            assertTrue(((Map<?, ?>) fileTarget.get("file")).containsKey(required), "file." + required + " in " + fileTarget);
        }
        assertEquals("https://example.com/x", links.getString("items.find { it.targetReference.kind == 'url' }.targetReference.url"));
        // RevisionPageDocument requires pages: the page's children
        assertEquals(List.of("Child"), links.getList("items.find { it.targetReference.kind == 'page' }.locationReferences[0].page.pages.title"));
        assertEquals(List.of(), links.getList("items.find { it.targetReference.kind == 'page' }.targetReference.page.pages"));

        as(admin).get("/v1/spaces/" + space + "/content/files/" + file + "/backlinks").then().statusCode(200)
                .body("items.kind", everyItem(equalTo("page"))).body("items.page.id", hasItems(source))
                .body("items[0].space.id", equalTo(space)).body("items[0].organization.id", equalTo(org))
                .body("items[0].page.pages.title", equalTo(List.of("Child")))
                .body("items[0].versionContext.type", equalTo("revision")).body("items[0].versionContext.revision", notNullValue());
        as(admin).get("/v1/spaces/" + space + "/content/page/" + target + "/backlinks").then().statusCode(200)
                .body("items.kind", everyItem(equalTo("page"))).body("items[0].page.id", equalTo(source))
                .body("items[0].page.pages.title", equalTo(List.of("Child")));
    }
}
