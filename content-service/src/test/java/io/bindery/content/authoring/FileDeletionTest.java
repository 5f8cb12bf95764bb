package io.bindery.content.authoring;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.util.Base64;
import java.util.List;

import static io.bindery.content.TestApi.as;
import static io.bindery.content.TestApi.internal;
import static io.bindery.content.TestApi.member;
import static io.bindery.content.TestApi.space;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code delete_files} in a change request's content batch (what Git Sync writes when Git removed a file), and the
 * merge keeping a deletion: a file the base had and one side deleted stays deleted, whichever side merges last.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class FileDeletionTest {

    private static String branch(String space) {
        return internal().body("{}").post("/internal/spaces/" + space + "/branches").then().statusCode(201)
                .extract().path("id");
    }

    private static void merge(String space, String cr) {
        internal().body("{}").post("/internal/spaces/" + space + "/branches/" + cr + "/merge").then().statusCode(200);
    }

    private static List<String> files(String admin, String space) {
        return as(admin).get("/v1/spaces/" + space + "/content/files").then().statusCode(200).extract().path("items.name");
    }

    private static String write(String admin, String space, String cr, String changes) {
        return as(admin).body("{\"changes\":[" + changes + "]}")
                .post("/v1/spaces/" + space + "/change-requests/" + cr + "/content").then().statusCode(200)
                .extract().path("revision");
    }

    @Test
    void aDeletedFileLeavesTheSpaceAndStaysDeletedThroughALaterMerge() {
        String org = Ids.newId();
        String admin = member(org, "admin", null);
        String space = space(org, admin, "Files");
        String bytes = Base64.getEncoder().encodeToString("hello".getBytes());
        String first = branch(space);
        write(admin, space, first, "{\"operation\":\"insert_files\",\"files\":[{\"name\":\"a.txt\",\"base64\":\"" + bytes
                + "\"},{\"name\":\"b.txt\",\"base64\":\"" + bytes + "\"}]}");
        merge(space, first);
        assertEquals(List.of("a.txt", "b.txt"), files(admin, space).stream().sorted().toList());
        String a = as(admin).get("/v1/spaces/" + space + "/content/files").then().extract()
                .path("items.find { it.name == 'a.txt' }.id");

        // a change request opened before the deletion, adding a page, merges after it
        String other = branch(space);
        write(admin, space, other, "{\"operation\":\"insert_page\",\"title\":\"Later\",\"document\":{\"markdown\":\"x\"}}");

        String deleting = branch(space);
        String cr = "/v1/spaces/" + space + "/change-requests/" + deleting + "/content";
        as(admin).body("{\"changes\":[{\"operation\":\"delete_files\",\"files\":[\"" + Ids.newId() + "\"]}]}").post(cr)
                .then().statusCode(400).body("error.code", equalTo(400))
                .body("error.message", containsString("changes[0]: files[0]: no file"));
        as(admin).body("{\"changes\":[{\"operation\":\"delete_files\",\"files\":[]}]}").post(cr)
                .then().statusCode(400).body("error.message", containsString("files must be an array"));
        as(admin).body("{\"changes\":[{\"operation\":\"delete_files\",\"files\":[3]}]}").post(cr)
                .then().statusCode(400).body("error.message", containsString("files[0] must be a file id"));
        write(admin, space, deleting, "{\"operation\":\"delete_files\",\"files\":[\"" + a + "\"]}");
        as(admin).get(cr + "/files").then().statusCode(200).body("items.name", equalTo(List.of("b.txt")));
        assertEquals(List.of("a.txt", "b.txt"), files(admin, space).stream().sorted().toList(), "main keeps it until the merge");
        merge(space, deleting);
        assertEquals(List.of("b.txt"), files(admin, space));

        merge(space, other);
        assertEquals(List.of("b.txt"), files(admin, space), "the other side's merge does not bring the file back");
        as(admin).get("/v1/spaces/" + space + "/content/pages").then().statusCode(200)
                .body("pages.title", equalTo(List.of("Later")));
    }
}
