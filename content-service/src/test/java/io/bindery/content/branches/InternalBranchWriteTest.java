package io.bindery.content.branches;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.bindery.content.TestApi.as;
import static io.bindery.content.TestApi.internal;
import static io.bindery.content.TestApi.member;
import static io.bindery.content.TestApi.space;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * The branch write and reads Git Sync's import goes through ({@code ContentBranchesApi}: {@code POST .../content},
 * {@code GET .../tree}, {@code GET .../files}): a batch written for a member lands on the change request's branch as
 * its new head, authored by that member, and reads back as the public API reads the change request; bad input is a
 * 4xx that changes nothing.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class InternalBranchWriteTest {

    @Test
    void aBatchWrittenForAMemberIsTheBranchsNewHeadAndReadsBackAsItsTreeAndFiles() {
        String org = Ids.newId();
        String admin = member(org, "admin", null);
        String writer = member(org, "edit");
        String space = space(org, admin, "Imported");
        String base = "/internal/spaces/" + space + "/branches";
        String cr = Ids.newId();
        internal().body("{\"id\":\"" + cr + "\",\"createdBy\":\"" + writer + "\"}").post(base).then().statusCode(201);
        String before = internal().get(base + "/" + cr).then().statusCode(200).extract().path("revision");

        String batch = """
                {"changes":[
                  {"operation":"insert_page","ref":"g","title":"Guide","slug":"guide","document":{"markdown":"# Guide"}},
                  {"operation":"insert_page","ref":"i","into":"g","title":"Install","document":{"markdown":"Run it."}},
                  {"operation":"insert_files","files":[{"name":"logo.png","contentType":"image/png","base64":"iVBORw0KGgo="}]}
                ]}""";
        String head = internal().body(batch).post(base + "/" + cr + "/content?author=" + writer).then().statusCode(200)
                .body("id", equalTo(cr)).body("status", equalTo("open")).extract().path("revision");
        assertNotEquals(before, head);

        // the tree: the pages in tree order with their depth and full path, and the head revision named
        internal().get(base + "/" + cr + "/tree").then().statusCode(200).body("revision", equalTo(head))
                .body("pages.path", equalTo(List.of("guide", "guide/install")))
                .body("pages.depth", equalTo(List.of(0, 1))).body("pages.kind", equalTo(List.of("document", "document")));
        internal().get(base + "/" + cr + "/files").then().statusCode(200).body("revision", equalTo(head))
                .body("files", hasSize(1)).body("files[0].name", equalTo("logo.png")).body("files[0].size", equalTo(8));
        // the public API reads the same change request's content, its markdown written
        as(admin).get("/v1/spaces/" + space + "/change-requests/" + cr + "/content/path/guide/install?format=markdown")
                .then().statusCode(200).body("markdown", containsString("Run it."));

        // bad input: no author, a bad batch, an unknown branch or space; nothing is written by any of them
        internal().body(batch).post(base + "/" + cr + "/content").then().statusCode(400)
                .body("error.message", containsString("author is required"));
        internal().body("{\"changes\":[{\"operation\":\"fly\"}]}").post(base + "/" + cr + "/content?author=" + writer)
                .then().statusCode(400).body("error.code", equalTo(400));
        internal().body("{}").post(base + "/" + cr + "/content?author=" + writer).then().statusCode(400);
        internal().body(batch).post(base + "/" + Ids.newId() + "/content?author=" + writer).then().statusCode(404);
        internal().body(batch).post("/internal/spaces/" + Ids.newId() + "/branches/" + cr + "/content?author=" + writer)
                .then().statusCode(404);
        internal().get(base + "/" + Ids.newId() + "/tree").then().statusCode(404);
        internal().get("/internal/spaces/" + Ids.newId() + "/branches/" + cr + "/files").then().statusCode(404);
        assertEquals(head, internal().get(base + "/" + cr).then().statusCode(200).extract().path("revision"));

        // a merged branch takes no more writes
        internal().body("{\"mergedBy\":\"" + admin + "\"}").post(base + "/" + cr + "/merge").then().statusCode(200);
        internal().body(batch).post(base + "/" + cr + "/content?author=" + writer).then().statusCode(409);
    }

    /**
     * A branch started from an older revision of the space (Git Sync's import starts from the revision last in step
     * with Git) merges three-way against what main did since: a page edited on both sides is a 409 that changes
     * nothing and leaves the branch open; edits of different pages both survive.
     */
    @Test
    void aBranchStartedFromAnOlderRevisionMergesThreeWaySoNeitherSidesEditIsLost() {
        String org = Ids.newId();
        String admin = member(org, "admin", null);
        String space = space(org, admin, "Both sides");
        String base = "/internal/spaces/" + space + "/branches";
        // main: two pages, then the revision they are in (the one "last in step with Git")
        String seed = Ids.newId();
        internal().body("{\"id\":\"" + seed + "\",\"createdBy\":\"" + admin + "\"}").post(base).then().statusCode(201);
        internal().body("""
                {"changes":[
                  {"operation":"insert_page","title":"Home","slug":"home","document":{"markdown":"Welcome."}},
                  {"operation":"insert_page","title":"Guide","slug":"guide","document":{"markdown":"Read me."}}
                ]}""").post(base + "/" + seed + "/content?author=" + admin).then().statusCode(200);
        String inStep = internal().body("{\"mergedBy\":\"" + admin + "\"}").post(base + "/" + seed + "/merge")
                .then().statusCode(200).extract().path("revision");
        java.util.Map<String, String> ids = new java.util.HashMap<>();
        for (java.util.Map<String, Object> p : internal().get(base + "/" + seed + "/tree").then().statusCode(200)
                .extract().jsonPath().<java.util.Map<String, Object>>getList("pages")) {
            ids.put((String) p.get("path"), (String) p.get("id"));
        }

        // Bindery edits Home on main
        String edit = Ids.newId();
        internal().body("{\"id\":\"" + edit + "\",\"createdBy\":\"" + admin + "\"}").post(base).then().statusCode(201);
        internal().body(update(ids.get("home"), "Welcome, from Bindery.")).post(base + "/" + edit + "/content?author=" + admin)
                .then().statusCode(200);
        String main = internal().body("{\"mergedBy\":\"" + admin + "\"}").post(base + "/" + edit + "/merge")
                .then().statusCode(200).extract().path("revision");

        // Git's side, started from the revision in step: Home edited too, a conflict; nothing moves, both sides kept
        String git = Ids.newId();
        internal().body("{\"id\":\"" + git + "\",\"createdBy\":\"" + admin + "\",\"revision\":\"" + inStep + "\"}")
                .post(base).then().statusCode(201).body("revision", equalTo(inStep)).body("outdated", equalTo(true));
        internal().body(update(ids.get("home"), "Welcome, from Git.")).post(base + "/" + git + "/content?author=" + admin)
                .then().statusCode(200);
        internal().body("{\"mergedBy\":\"" + admin + "\"}").post(base + "/" + git + "/merge").then().statusCode(409)
                .body("error.message", containsString("conflict"));
        internal().get(base + "/" + git).then().statusCode(200).body("status", equalTo("open"));
        as(admin).get("/v1/spaces/" + space).then().statusCode(200).body("revision", equalTo(main));
        as(admin).get("/v1/spaces/" + space + "/content/path/home?format=markdown").then().statusCode(200)
                .body("markdown", containsString("from Bindery"));

        // Git's side editing another page: merged, and Bindery's edit of Home is still there
        String other = Ids.newId();
        internal().body("{\"id\":\"" + other + "\",\"createdBy\":\"" + admin + "\",\"revision\":\"" + inStep + "\"}")
                .post(base).then().statusCode(201);
        internal().body(update(ids.get("guide"), "Read me, from Git.")).post(base + "/" + other + "/content?author=" + admin)
                .then().statusCode(200);
        internal().body("{\"mergedBy\":\"" + admin + "\"}").post(base + "/" + other + "/merge").then().statusCode(200);
        as(admin).get("/v1/spaces/" + space + "/content/path/home?format=markdown").then().statusCode(200)
                .body("markdown", containsString("from Bindery"));
        as(admin).get("/v1/spaces/" + space + "/content/path/guide?format=markdown").then().statusCode(200)
                .body("markdown", containsString("from Git"));

        // a revision of another space, none at all, or with a template: 400, no branch
        String elsewhere = space(org, admin, "Elsewhere");
        String foreign = as(admin).get("/v1/spaces/" + elsewhere).then().statusCode(200).extract().path("revision");
        internal().body("{\"createdBy\":\"" + admin + "\",\"revision\":\"" + foreign + "\"}").post(base)
                .then().statusCode(400).body("error.message", containsString("not a revision of space"));
        internal().body("{\"createdBy\":\"" + admin + "\",\"revision\":\"" + Ids.newId() + "\"}").post(base)
                .then().statusCode(400);
        internal().body("{\"createdBy\":\"" + admin + "\",\"revision\":\"" + inStep + "\",\"template\":\"team-handbook\"}")
                .post(base).then().statusCode(400).body("error.message", containsString("not both"));
    }

    private static String update(String page, String markdown) {
        return "{\"changes\":[{\"operation\":\"update_page\",\"page\":\"" + page + "\",\"document\":{\"markdown\":\""
                + markdown + "\"}}]}";
    }
}
