package io.bindery.e2e;

import io.bindery.e2e.Stack.TestUser;
import io.restassured.response.Response;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import static io.bindery.e2e.ChangeRequestsE2ETest.changeRequest;
import static io.bindery.e2e.ChangeRequestsE2ETest.changeRequests;
import static io.bindery.e2e.ChangeRequestsE2ETest.createChangeRequest;
import static io.bindery.e2e.ChangeRequestsE2ETest.grant;
import static io.bindery.e2e.ChangeRequestsE2ETest.memberWithRole;
import static io.bindery.e2e.ChangeRequestsE2ETest.mergeChangeRequest;
import static io.bindery.e2e.ChangeRequestsE2ETest.newChangeRequest;
import static io.bindery.e2e.ChangeRequestsE2ETest.patchChangeRequest;
import static io.bindery.e2e.ChangeRequestsE2ETest.seedMainThroughReview;
import static io.bindery.e2e.ChangeRequestsE2ETest.submitReview;
import static io.bindery.e2e.ChangeRequestsE2ETest.updateChangeRequest;
import static io.bindery.e2e.ContentFixtures.as;
import static io.bindery.e2e.ContentFixtures.createSpace;
import static io.bindery.e2e.ContentFixtures.ids;
import static io.bindery.e2e.ContentFixtures.json;
import static io.bindery.e2e.ContentFixtures.branchPath;
import static io.bindery.e2e.ContentFixtures.insertPage;
import static io.bindery.e2e.ContentFixtures.spacePath;
import static io.bindery.e2e.ContentFixtures.spaceRevision;
import static io.bindery.e2e.ContentFixtures.write;
import static io.bindery.e2e.ContentFixtures.written;
import static io.bindery.e2e.Stack.api;
import static org.hamcrest.Matchers.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Who may do what in review-service: the space role decides (read &lt; comment &lt; edit &lt; review &lt; create &lt;
 * admin), roles are granted with content-service's space permission API, another organization sees nothing
 * (404 everywhere), and a space's merge rules may require a named reviewer's approval.
 */
class ReviewPermissionsE2ETest {
    static TestUser owner;
    static String org;
    static String space;
    static String page;
    /** Members of the organization (role read) whose role on {@link #space} comes from a grant. */
    static TestUser reader, commenter, editor, reviewer;

    @BeforeAll
    static void organization() {
        owner = Stack.newUser("example.com");
        org = Stack.newOrg(owner);
        space = createSpace(owner.token(), org, json("title", "Guarded"));
        reader = memberWithRole(owner, org, space, "read");
        commenter = memberWithRole(owner, org, space, "comment");
        editor = memberWithRole(owner, org, space, "edit");
        reviewer = memberWithRole(owner, org, space, "review");
        page = seedMainThroughReview(owner.token(), space, insertPage("Guarded page", "# Guarded\n\nKeep out.\n")).get("Guarded page");
    }

    static Map<String, Object> comment(String text) {
        return json("body", json("markdown", text));
    }

    static void assertForbidden(Response r, String what) {
        assertEquals(403, r.statusCode(), what + ": " + r.asString());
        r.then().body("error.code", equalTo(403)).body("error.message", not(emptyOrNullString()));
    }

    @Test
    void readersReadButCannotComment() {
        String cr = newChangeRequest(owner.token(), space, "Read only");
        String spaceComment = as(owner.token()).body(comment("By the owner")).post(spacePath(space) + "/comments")
                .then().statusCode(200).extract().path("id");
        String crComment = as(owner.token()).body(comment("On the request")).post(branchPath(space, cr) + "/comments")
                .then().statusCode(200).extract().path("id");
        String t = reader.token();

        api(t).get(changeRequests(space)).then().statusCode(200).body("items.id", hasItem(cr));
        changeRequest(t, space, cr).then().statusCode(200);
        api(t).get(spacePath(space) + "/comments?limit=1000").then().statusCode(200).body("items.id", hasItem(spaceComment));
        api(t).get(spacePath(space) + "/comments/" + spaceComment).then().statusCode(200)
                .body("permissions.view", equalTo(true)).body("permissions.reply", equalTo(false))
                .body("permissions.edit", equalTo(false)).body("permissions.delete", equalTo(false));
        api(t).get(branchPath(space, cr) + "/comments/" + crComment).then().statusCode(200);
        api(t).get(spacePath(space) + "/commenters").then().statusCode(200);

        for (String thread : List.of(spacePath(space) + "/comments", branchPath(space, cr) + "/comments")) {
            String id = thread.startsWith(branchPath(space, cr)) ? crComment : spaceComment;
            assertForbidden(as(t).body(comment("Let me in")).post(thread), "read posts in " + thread);
            assertForbidden(as(t).body(json("resolved", true)).put(thread + "/" + id), "read resolves");
            assertForbidden(as(t).body(json("addedReactions", List.of("👍"))).put(thread + "/" + id), "read reacts");
            assertForbidden(as(t).body(comment("A reply")).post(thread + "/" + id + "/replies"), "read replies");
            assertForbidden(api(t).delete(thread + "/" + id), "read deletes another's comment");
        }
        assertForbidden(createChangeRequest(t, space, "subject", "Mine"), "read creates a change request");
        assertForbidden(patchChangeRequest(t, space, cr, "subject", "Renamed"), "read edits");
        assertForbidden(updateChangeRequest(t, space, cr), "read updates");
        assertForbidden(mergeChangeRequest(t, space, cr), "read merges");
        api(owner.token()).get(spacePath(space) + "/comments/" + spaceComment).then().body("status", equalTo("open"))
                .body("reactions", empty()).body("replies", equalTo(0));
        changeRequest(owner.token(), space, cr).then().body("subject", equalTo("Read only")).body("status", equalTo("open"));
    }

    @Test
    void commentersCommentButNeitherEditNorMerge() {
        String cr = newChangeRequest(owner.token(), space, "Commented");
        written(owner.token(), space, cr, insertPage("Commented page", "commented\n"));
        String t = commenter.token();
        for (String thread : List.of(spacePath(space) + "/comments", branchPath(space, cr) + "/comments")) {
            String mine = as(t).body(comment("My two cents")).post(thread).then().statusCode(200)
                    .body("permissions.edit", equalTo(true)).body("permissions.delete", equalTo(true)).extract().path("id");
            String theirs = as(owner.token()).body(comment("The owner's")).post(thread).then().statusCode(200).extract().path("id");
            as(t).body(json("resolved", true)).put(thread + "/" + theirs).then().statusCode(200).body("status", equalTo("resolved"));
            as(t).body(comment("A reply")).post(thread + "/" + theirs + "/replies").then().statusCode(200);
            assertForbidden(api(t).delete(thread + "/" + theirs), "a commenter deletes another's comment");
            api(t).delete(thread + "/" + mine).then().statusCode(204);
        }
        assertForbidden(createChangeRequest(t, space, "subject", "Mine"), "comment creates a change request");
        assertForbidden(patchChangeRequest(t, space, cr, "status", "draft"), "comment edits");
        assertForbidden(updateChangeRequest(t, space, cr), "comment updates");
        assertForbidden(mergeChangeRequest(t, space, cr), "comment merges");
        changeRequest(owner.token(), space, cr).then().body("status", equalTo("open"));
    }

    @Test
    void editorsEditButOnlyReviewersMerge() {
        String before = spaceRevision(owner.token(), space);
        Response created = createChangeRequest(editor.token(), space, "subject", "By the editor", "status", "open");
        created.then().statusCode(201).body("createdBy.id", equalTo(editor.id()));
        String cr = created.path("id");
        written(editor.token(), space, cr, insertPage("Edited page", "# Edited\n\nBy the editor.\n"));
        patchChangeRequest(editor.token(), space, cr, "subject", "By the editor, renamed").then().statusCode(200);
        updateChangeRequest(editor.token(), space, cr).then().statusCode(200).body("result", equalTo("update"));
        assertForbidden(mergeChangeRequest(editor.token(), space, cr), "edit merges");
        assertEquals(before, spaceRevision(owner.token(), space));

        // a locked space takes no merge, no new change request and no content change, whatever the role
        // (permissions.edit and merge say false: the endpoints follow the same policy)
        as(owner.token()).body(json("editMode", "locked")).patch(spacePath(space)).then().statusCode(200);
        try {
            assertForbidden(mergeChangeRequest(owner.token(), space, cr), "a merge into a locked space");
            assertForbidden(createChangeRequest(owner.token(), space, "subject", "Locked out"), "a change request on a locked space");
            assertForbidden(createChangeRequest(editor.token(), space, "subject", "Locked out"), "a change request on a locked space");
            assertForbidden(write(editor.token(), space, cr, List.of(insertPage("Locked out", "# Locked out\n"))),
                    "a content change on a locked space");
        } finally {
            as(owner.token()).body(json("editMode", "live")).patch(spacePath(space)).then().statusCode(200);
        }
        Response merged = mergeChangeRequest(reviewer.token(), space, cr);
        merged.then().statusCode(200).body("result", equalTo("merge"));
        assertEquals(merged.<String>path("revision"), spaceRevision(owner.token(), space));
        changeRequest(editor.token(), space, cr).then().body("status", equalTo("merged"));
    }

    @Test
    void anotherOrganizationsAdminGets404Everywhere() {
        TestUser outsider = Stack.newUser("example.com");
        String outsidersOrg = Stack.newOrg(outsider);
        String cr = newChangeRequest(owner.token(), space, "Private request");
        int number = changeRequest(owner.token(), space, cr).path("number");
        String sc = as(owner.token()).body(comment("Private")).post(spacePath(space) + "/comments").then().statusCode(200)
                .extract().path("id");
        String src = as(owner.token()).body(comment("Private reply")).post(spacePath(space) + "/comments/" + sc + "/replies")
                .then().statusCode(200).extract().path("id");
        String cc = as(owner.token()).body(comment("Private too")).post(branchPath(space, cr) + "/comments").then().statusCode(200)
                .extract().path("id");
        String crc = as(owner.token()).body(comment("Private reply too")).post(branchPath(space, cr) + "/comments/" + cc + "/replies")
                .then().statusCode(200).extract().path("id");
        String review = as(reviewer.token()).body(json("status", "approved")).post(branchPath(space, cr) + "/reviews")
                .then().statusCode(201).extract().path("id");
        as(owner.token()).body(json("users", List.of(reviewer.id()))).post(branchPath(space, cr) + "/requested-reviewers")
                .then().statusCode(200);
        String t = outsider.token();
        String crp = branchPath(space, cr);
        String s = spacePath(space);

        List<Supplier<Response>> calls = List.of(
                () -> api(t).get(changeRequests(space)),
                () -> api(t).get("/v1/orgs/" + org + "/change-requests"),
                () -> as(t).body(json("subject", "x")).post(changeRequests(space)),
                () -> api(t).get(crp),
                () -> api(t).get(branchPath(space, String.valueOf(number))),
                () -> as(t).body(json("subject", "taken")).patch(crp),
                () -> api(t).post(crp + "/merge"),
                () -> api(t).post(crp + "/update"),
                () -> api(t).get(crp + "/pdf"),
                () -> api(t).get(crp + "/pdf?only=true&page=" + page),
                () -> api(t).get(crp + "/reviews"),
                () -> as(t).body(json("status", "approved")).post(crp + "/reviews"),
                () -> api(t).get(crp + "/reviews/" + review),
                () -> api(t).get(crp + "/requested-reviewers"),
                () -> as(t).body(json("users", List.of(outsider.id()))).post(crp + "/requested-reviewers"),
                () -> api(t).delete(crp + "/requested-reviewers/" + reviewer.id()),
                () -> api(t).get(crp + "/pdf/download"),
                () -> api(t).get(s + "/comments"),
                () -> as(t).body(comment("x")).post(s + "/comments"),
                () -> api(t).get(s + "/comments/" + sc),
                () -> as(t).body(json("resolved", true)).put(s + "/comments/" + sc),
                () -> api(t).delete(s + "/comments/" + sc),
                () -> api(t).get(s + "/comments/" + sc + "/replies"),
                () -> as(t).body(comment("x")).post(s + "/comments/" + sc + "/replies"),
                () -> api(t).get(s + "/comments/" + sc + "/replies/" + src),
                () -> as(t).body(comment("x")).put(s + "/comments/" + sc + "/replies/" + src),
                () -> api(t).delete(s + "/comments/" + sc + "/replies/" + src),
                () -> api(t).get(s + "/commenters"),
                () -> api(t).get(crp + "/comments"),
                () -> as(t).body(comment("x")).post(crp + "/comments"),
                () -> api(t).get(crp + "/comments/" + cc),
                () -> as(t).body(json("resolved", true)).put(crp + "/comments/" + cc),
                () -> api(t).delete(crp + "/comments/" + cc),
                () -> api(t).get(crp + "/comments/" + cc + "/replies"),
                () -> as(t).body(comment("x")).post(crp + "/comments/" + cc + "/replies"),
                () -> api(t).get(crp + "/comments/" + cc + "/replies/" + crc),
                () -> as(t).body(comment("x")).put(crp + "/comments/" + cc + "/replies/" + crc),
                () -> api(t).delete(crp + "/comments/" + cc + "/replies/" + crc),
                () -> api(t).get(crp + "/commenters"));
        for (int i = 0; i < calls.size(); i++) {
            Response r = calls.get(i).get();
            assertEquals(404, r.statusCode(), "call #" + i + ": " + r.asString());
            r.then().body("error.code", equalTo(404));
        }

        // nothing changed, and the outsider's own organization lists none of it
        changeRequest(owner.token(), space, cr).then().statusCode(200).body("subject", equalTo("Private request"))
                .body("status", equalTo("open"));
        api(owner.token()).get(s + "/comments/" + sc).then().statusCode(200).body("status", equalTo("open")).body("replies", equalTo(1));
        api(owner.token()).get(crp + "/comments/" + cc).then().statusCode(200).body("status", equalTo("open")).body("replies", equalTo(1));
        api(owner.token()).get(crp + "/comments/" + cc + "/replies/" + crc).then().statusCode(200);
        api(owner.token()).get(crp + "/requested-reviewers").then().statusCode(200).body("items.user.id", contains(reviewer.id()));
        api(owner.token()).get(crp + "/reviews").then().statusCode(200).body("count", equalTo(1));
        api(t).get("/v1/orgs/" + outsidersOrg + "/change-requests").then().statusCode(200).body("items", empty());
        assertFalse(ids(api(owner.token()).get("/v1/orgs/" + org + "/change-requests?limit=1000")).isEmpty());
    }

    @Test
    void requestedReviewersAreListedFilteredAndRemoved() {
        String cr = newChangeRequest(owner.token(), space, "Please look");
        String crp = branchPath(space, cr);
        // a commenter may not ask for reviewers; bad bodies are 400s that add nobody
        assertForbidden(as(commenter.token()).body(json("users", List.of(reviewer.id()))).post(crp + "/requested-reviewers"),
                "commenter requests a reviewer");
        for (Map<String, Object> bad : List.of(json(), json("users", List.of()), json("users", "x"),
                json("users", List.of("noSuchUser0000000000")))) {
            Response r = as(editor.token()).body(bad).post(crp + "/requested-reviewers");
            assertEquals(400, r.statusCode(), bad + ": " + r.asString());
            r.then().body("error.code", equalTo(400));
        }
        api(owner.token()).get(crp + "/requested-reviewers").then().statusCode(200).body("count", equalTo(0));

        as(editor.token()).body(json("users", List.of(reviewer.id(), commenter.id()))).post(crp + "/requested-reviewers")
                .then().statusCode(200).body("users.user.id", containsInAnyOrder(reviewer.id(), commenter.id()))
                .body("users[0].object", equalTo("change-request-requested-reviewer")).body("users[0].kind", equalTo("user"))
                .body("users[0].requestedBy.id", equalTo(editor.id()));
        api(reader.token()).get(crp + "/requested-reviewers").then().statusCode(200).body("count", equalTo(2));
        assertTrue(ids(api(owner.token()).get(changeRequests(space) + "?requestedReviewer=" + reviewer.id())).contains(cr));

        assertForbidden(api(commenter.token()).delete(crp + "/requested-reviewers/" + reviewer.id()), "commenter removes a reviewer");
        api(editor.token()).delete(crp + "/requested-reviewers/" + reviewer.id()).then().statusCode(204);
        api(editor.token()).delete(crp + "/requested-reviewers/" + reviewer.id()).then().statusCode(204);
        api(owner.token()).get(crp + "/requested-reviewers").then().statusCode(200).body("items.user.id", contains(commenter.id()));
        assertFalse(ids(api(owner.token()).get(changeRequests(space) + "?requestedReviewer=" + reviewer.id())).contains(cr));
    }

    @Test
    void mergeRulesWaitForTheNamedReviewersApproval() {
        String ruled = createSpace(owner.token(), org, json("title", "Ruled"));
        TestUser named = memberWithRole(owner, org, ruled, "review");
        grant(owner, ruled, reviewer, "review");
        grant(owner, ruled, editor, "edit");
        as(owner.token()).body(json("mergeRules", json("type", "rules",
                        "rules", List.of(json("rule", "require_specific_reviewers", "users", List.of(named.id()))))))
                .patch(spacePath(ruled)).then().statusCode(200).body("mergeRules.type", equalTo("rules"))
                .body("mergeRules.rules[0].users", contains(named.id()));
        String before = spaceRevision(owner.token(), ruled);
        String cr = newChangeRequest(editor.token(), ruled, "Needs the named reviewer");
        written(editor.token(), ruled, cr, insertPage("Ruled page", "# Ruled\n\nAwaiting approval.\n"));

        assertForbidden(mergeChangeRequest(owner.token(), ruled, cr), "a merge without any review");
        submitReview(reviewer.token(), ruled, cr, "approved").then().statusCode(anyOf(equalTo(200), equalTo(201))).body("status", equalTo("approved"));
        assertForbidden(mergeChangeRequest(owner.token(), ruled, cr), "a merge approved by someone else");
        submitReview(named.token(), ruled, cr, "changes-requested").then().statusCode(anyOf(equalTo(200), equalTo(201)))
                .body("status", equalTo("changes-requested")).body("reviewer.id", equalTo(named.id()));
        assertForbidden(mergeChangeRequest(reviewer.token(), ruled, cr), "a merge with changes requested");
        submitReview(named.token(), ruled, cr, "maybe").then().statusCode(400);
        assertForbidden(submitReview(editor.token(), ruled, cr, "approved"), "an editor reviews");
        assertEquals(before, spaceRevision(owner.token(), ruled), "refused merges leave main");
        changeRequest(owner.token(), ruled, cr).then().body("status", equalTo("open"));

        submitReview(named.token(), ruled, cr, "approved").then().statusCode(anyOf(equalTo(200), equalTo(201))).body("status", equalTo("approved"));
        Response merged = mergeChangeRequest(owner.token(), ruled, cr);
        merged.then().statusCode(200).body("result", equalTo("merge"));
        assertEquals(merged.<String>path("revision"), spaceRevision(owner.token(), ruled));
        api(owner.token()).get(branchPath(ruled, cr) + "/reviews").then().statusCode(200)
                .body("items.reviewer.id", hasItems(named.id(), reviewer.id())).body("items.status", hasItem("changes-requested"));
    }
}
