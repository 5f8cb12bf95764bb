package io.bindery.content.spaces;

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
import static io.bindery.content.TestApi.internal;
import static io.bindery.content.TestApi.member;
import static io.bindery.content.TestApi.space;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A duplicated space starts from a first revision of its own that shares the original's pages and files (the
 * revisions feature copies the manifest pointers) and a copy of its search sections.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class DuplicateSpaceTest {

    @Test
    void theCopyStartsFromTheOriginalsPagesFilesAndSearch() {
        String org = Ids.newId();
        String admin = member(org, "admin", null);
        String space = space(org, admin, "Original");
        String word = "quetzal" + Ids.newId().substring(0, 6).toLowerCase();
        byte[] png = {(byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3};
        String branch = internal().body("{}").post("/internal/spaces/" + space + "/branches")
                .then().statusCode(201).extract().path("id");
        as(admin).body(Map.of("changes", List.of(
                        Map.of("operation", "insert_page", "title", "Kept page",
                                "document", Map.of("markdown", "# Kept page\n\nAbout the " + word + ".\n")),
                        Map.of("operation", "insert_files", "files", List.of(Map.of("name", "chart.png",
                                "contentType", "image/png", "base64", Base64.getEncoder().encodeToString(png)))))))
                .post("/v1/spaces/" + space + "/change-requests/" + branch + "/content?compat=false")
                .then().statusCode(200);
        internal().body("{}").post("/internal/spaces/" + space + "/branches/" + branch + "/merge").then().statusCode(200);
        JsonPath original = as(admin).get("/v1/spaces/" + space + "/content").then().statusCode(200).extract().jsonPath();
        String pageId = original.getString("pages[0].id");
        String fileId = original.getString("files[0].id");

        String copy = as(admin).post("/v1/spaces/" + space + "/duplicate").then().statusCode(201)
                .body("title", equalTo("Original (copy)")).extract().path("id");

        JsonPath copied = as(admin).get("/v1/spaces/" + copy + "/content").then().statusCode(200).extract().jsonPath();
        assertEquals("edits", copied.getString("type"));
        assertEquals(List.of(original.getString("id")), copied.getList("parents"));
        assertEquals(original.getList("pages.id"), copied.getList("pages.id"));
        assertEquals(original.getList("files.id"), copied.getList("files.id"));
        as(admin).get("/v1/spaces/" + copy + "/content/page/" + pageId + "?format=markdown").then().statusCode(200)
                .body("markdown", equalTo("# Kept page\n\nAbout the " + word + ".\n"));
        byte[] bytes = internal().get("/internal/spaces/" + copy + "/revisions/" + copied.getString("id") + "/files/"
                + fileId).then().statusCode(200).extract().asByteArray();
        assertArrayEquals(png, bytes);
        as(admin).get("/v1/spaces/" + copy + "/search?query=" + word).then().statusCode(200)
                .body("items.title", equalTo(List.of("Kept page")));
        // the original's revision is not one of the copy's
        as(admin).get("/v1/spaces/" + copy + "/revisions/" + original.getString("id")).then().statusCode(404);
    }
}
