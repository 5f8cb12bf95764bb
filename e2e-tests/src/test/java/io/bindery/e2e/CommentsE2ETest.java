package io.bindery.e2e;

import io.bindery.contracts.review.ReviewEventTypes;
import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.testing.TopicProbe;
import io.bindery.e2e.Stack.TestUser;
import io.restassured.response.Response;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.bindery.e2e.ChangeRequestsE2ETest.changeRequest;
import static io.bindery.e2e.ChangeRequestsE2ETest.grant;
import static io.bindery.e2e.ChangeRequestsE2ETest.newChangeRequest;
import static io.bindery.e2e.ChangeRequestsE2ETest.seedMainThroughReview;
import static io.bindery.e2e.ChangeRequestsE2ETest.tampered;
import static io.bindery.e2e.ContentFixtures.addMember;
import static io.bindery.e2e.ContentFixtures.as;
import static io.bindery.e2e.ContentFixtures.createSpace;
import static io.bindery.e2e.ContentFixtures.ids;
import static io.bindery.e2e.ContentFixtures.json;
import static io.bindery.e2e.ContentFixtures.branchPath;
import static io.bindery.e2e.ContentFixtures.headRevision;
import static io.bindery.e2e.ContentFixtures.insertPage;
import static io.bindery.e2e.ContentFixtures.spacePath;
import static io.bindery.e2e.ContentFixtures.spaceRevision;
import static io.bindery.e2e.Stack.api;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Comments through the gateway, on both threads review-service keeps: a space's own discussion
 * ({@code /spaces/{s}/comments}) and a change request's ({@code /spaces/{s}/change-requests/{cr}/comments}).
 * Each test runs once per thread, on a fresh space.
 */
class CommentsE2ETest {
    static final String SPACE = "space";
    static final String CHANGE_REQUEST = "change-request";

    static TestUser owner;
    static String org;
    /** Members of the organization (role read) with the comment role on each test's space. */
    static TestUser author, other;
    static TopicProbe reviewEvents;

    @BeforeAll
    static void organization() {
        owner = Stack.newUser("example.com");
        org = Stack.newOrg(owner);
        author = Stack.newUser("example.com");
        other = Stack.newUser("example.com");
        addMember(owner, org, author, "read");
        addMember(owner, org, other, "read");
        reviewEvents = new TopicProbe(Stack.KAFKA, ReviewEventTypes.TOPIC);
    }

    @AfterAll
    static void close() {
        reviewEvents.close();
    }

    /** One thread of a fresh space with one page in main (and in the change request): where comments go. */
    record Thread(String kind, String space, String cr, String page, String base, String commenters) {
        String comment(String id) {
            return base + "/" + id;
        }

        String replies(String id) {
            return base + "/" + id + "/replies";
        }

        /** The revision a new comment of this thread is posted on. */
        String revision() {
            return kind.equals(SPACE) ? spaceRevision(owner.token(), space) : headRevision(space, cr);
        }

        /** The base of the other thread of the same space. */
        String otherCommenters() {
            return kind.equals(SPACE) ? branchPath(space, cr) + "/commenters" : spacePath(space) + "/commenters";
        }
    }

    static Thread thread(String kind) {
        String space = createSpace(owner.token(), org, json("title", "Discussed " + kind));
        grant(owner, space, author, "comment");
        grant(owner, space, other, "comment");
        String page = seedMainThroughReview(owner.token(), space, insertPage("Discussed page", "# Discussed\n\nTalk about me.\n"))
                .get("Discussed page");
        String cr = newChangeRequest(owner.token(), space, "Under discussion");
        return kind.equals(SPACE)
                ? new Thread(kind, space, cr, page, spacePath(space) + "/comments", spacePath(space) + "/commenters")
                : new Thread(kind, space, cr, page, branchPath(space, cr) + "/comments", branchPath(space, cr) + "/commenters");
    }

    static Map<String, Object> markdown(String text) {
        return json("markdown", text);
    }

    /** A GitBook document of one paragraph. */
    static Map<String, Object> document(String text) {
        return json("object", "document", "nodes", List.of(json("object", "block", "type", "paragraph",
                "nodes", List.of(json("object", "text", "leaves", List.of(json("object", "leaf", "text", text, "marks", List.of())))))));
    }

    /** POSTs a comment (or a reply) that must succeed; returns its id. */
    static String post(TestUser who, String url, Object... body) {
        return as(who.token()).body(json(body)).post(url).then().statusCode(200).extract().path("id");
    }

    static Response put(TestUser who, String url, Object... body) {
        return as(who.token()).body(json(body)).put(url);
    }

    static void assertPermissions(Response r, boolean edit, boolean reply, boolean delete) {
        r.then().statusCode(200).body("permissions.view", equalTo(true)).body("permissions.edit", equalTo(edit))
                .body("permissions.reply", equalTo(reply)).body("permissions.delete", equalTo(delete));
    }

    @ParameterizedTest
    @ValueSource(strings = {SPACE, CHANGE_REQUEST})
    void aCommentsLife(String kind) {
        Thread t = thread(kind);
        String revision = t.revision();

        Response posted = as(author.token()).body(json("body", markdown("Please **check** this."), "page", t.page(), "node", "intro"))
                .post(t.base());
        posted.then().statusCode(200).body("object", equalTo("comment")).body("id", not(emptyOrNullString()))
                .body("postedBy.object", equalTo("user")).body("postedBy.id", equalTo(author.id()))
                .body("postedAt", not(emptyOrNullString())).body("status", equalTo("open"))
                .body("replies", equalTo(0)).body("repliers", empty()).body("reactions", empty())
                .body("body.markdown", containsString("check")).body("target.space", equalTo(t.space()))
                .body("target.revision", equalTo(revision)).body("target.page.id", equalTo(t.page()))
                .body("target.node.id", equalTo("intro"))
                .body("$", not(hasKey("editedAt"))).body("$", not(hasKey("resolvedAt"))).body("$", not(hasKey("resolvedBy")));
        if (kind.equals(SPACE)) {
            posted.then().body("target", not(hasKey("changeRequest")));
        } else {
            posted.then().body("target.changeRequest", equalTo(t.cr()));
            changeRequest(owner.token(), t.space(), t.cr()).then().body("comments", equalTo(1));
        }
        String id = posted.path("id");
        assertThat(posted.<String>path("urls.location"), endsWith(t.comment(id)));
        assertPermissions(posted, true, true, true);
        assertPermissions(api(other.token()).get(t.comment(id)), false, true, false);
        assertPermissions(api(owner.token()).get(t.comment(id)), false, true, true);
        api(other.token()).get(t.comment(id) + "?format=document").then().statusCode(200)
                .body("body.document.object", equalTo("document")).body("body", not(hasKey("markdown")));

        // a body sent as a document reads back as markdown
        String second = post(author, t.base(), "body", json("document", document("Seen it, thanks.")));
        api(other.token()).get(t.comment(second)).then().body("body.markdown", containsString("Seen it, thanks."));

        // resolving is for anyone who may comment, and records who and when
        put(other, t.comment(id), "resolved", true).then().statusCode(200).body("status", equalTo("resolved"))
                .body("resolvedAt", not(emptyOrNullString())).body("resolvedBy.id", equalTo(other.id()));
        api(author.token()).get(t.comment(id)).then().body("status", equalTo("resolved")).body("resolvedBy.id", equalTo(other.id()));
        if (kind.equals(CHANGE_REQUEST)) {
            changeRequest(owner.token(), t.space(), t.cr()).then().body("comments", equalTo(1));
        }
        put(author, t.comment(id), "resolved", false).then().statusCode(200).body("status", equalTo("open"))
                .body("$", not(hasKey("resolvedAt"))).body("$", not(hasKey("resolvedBy")));

        // the body is the author's
        put(author, t.comment(id), "body", markdown("Please check this again.")).then().statusCode(200)
                .body("body.markdown", containsString("again")).body("editedAt", not(emptyOrNullString()));
        put(other, t.comment(id), "body", markdown("Hijacked")).then().statusCode(403).body("error.code", equalTo(403));
        put(owner, t.comment(id), "body", markdown("Hijacked by the admin")).then().statusCode(403);
        api(author.token()).get(t.comment(id)).then().body("body.markdown", allOf(containsString("again"), not(containsString("Hijacked"))));

        // reactions: one per user and emoji
        put(author, t.comment(id), "addedReactions", List.of("👍")).then().statusCode(200);
        put(author, t.comment(id), "addedReactions", List.of("👍")).then().statusCode(200)
                .body("reactions", hasSize(1)).body("reactions[0].emoji", equalTo("👍")).body("reactions[0].count", equalTo(1))
                .body("reactions[0].users.user.id", contains(author.id()))
                .body("reactions[0].users[0].reactedAt", not(emptyOrNullString()));
        put(other, t.comment(id), "addedReactions", List.of("👍", "🎉")).then().statusCode(200)
                .body("reactions.find { it.emoji == '👍' }.count", equalTo(2))
                .body("reactions.find { it.emoji == '🎉' }.count", equalTo(1));
        put(author, t.comment(id), "removedReactions", List.of("👍")).then().statusCode(200)
                .body("reactions.find { it.emoji == '👍' }.count", equalTo(1))
                .body("reactions.find { it.emoji == '👍' }.users.user.id", contains(other.id()));

        // replies, and the parent's replies / repliers following them
        Response reply = as(other.token()).body(json("body", markdown("Agreed."))).post(t.replies(id));
        reply.then().statusCode(200).body("object", equalTo("comment-reply")).body("postedBy.id", equalTo(other.id()))
                .body("body.markdown", containsString("Agreed.")).body("reactions", empty())
                .body("permissions.edit", equalTo(true)).body("permissions.delete", equalTo(true));
        String replyId = reply.path("id");
        assertThat(reply.<String>path("urls.location"), endsWith(t.replies(id) + "/" + replyId));
        String ownReply = post(author, t.replies(id), "body", markdown("Done."));
        api(author.token()).get(t.comment(id)).then().body("replies", equalTo(2)).body("repliers", hasSize(2))
                .body("repliers.find { it.user.id == '" + other.id() + "' }.count", equalTo(1))
                .body("repliers.find { it.user.id == '" + author.id() + "' }.updatedAt", not(emptyOrNullString()));
        Response replies = api(author.token()).get(t.replies(id));
        replies.then().statusCode(200).body("count", equalTo(2));
        assertEquals(Set.of(replyId, ownReply), Set.copyOf(ids(replies)));
        api(author.token()).get(t.replies(id) + "/" + replyId).then().statusCode(200).body("id", equalTo(replyId))
                .body("permissions.edit", equalTo(false)).body("permissions.delete", equalTo(false));
        api(author.token()).get(t.replies(id) + "/" + replyId + "?format=document").then().statusCode(200)
                .body("body.document.object", equalTo("document"));
        put(other, t.replies(id) + "/" + replyId, "body", markdown("Agreed, with edits.")).then().statusCode(200)
                .body("body.markdown", containsString("with edits")).body("editedAt", not(emptyOrNullString()));
        put(author, t.replies(id) + "/" + replyId, "body", markdown("Not mine")).then().statusCode(403);
        put(author, t.replies(id) + "/" + replyId, "addedReactions", List.of("👀")).then().statusCode(200)
                .body("reactions[0].emoji", equalTo("👀")).body("reactions[0].count", equalTo(1));
        put(author, t.replies(id) + "/" + replyId, "addedReactions", List.of("👀")).then().statusCode(200)
                .body("reactions[0].count", equalTo(1));

        // commenters: whoever commented or replied in this thread, and only in it
        Response commenters = api(owner.token()).get(t.commenters());
        commenters.then().statusCode(200).body("items.object", everyItem(equalTo("member")))
                .body("items.user.id", containsInAnyOrder(author.id(), other.id())).body("count", equalTo(2));
        api(owner.token()).get(t.otherCommenters()).then().statusCode(200).body("items", empty());

        api(author.token()).delete(t.replies(id) + "/" + replyId).then().statusCode(403);
        api(other.token()).delete(t.replies(id) + "/" + replyId).then().statusCode(204);
        api(other.token()).get(t.replies(id) + "/" + replyId).then().statusCode(404);
        api(owner.token()).delete(t.replies(id) + "/" + ownReply).then().statusCode(204);
        api(author.token()).get(t.comment(id)).then().body("replies", equalTo(0)).body("repliers", empty());

        // deleting: the author or an admin
        api(other.token()).delete(t.comment(id)).then().statusCode(403).body("error.code", equalTo(403));
        api(other.token()).get(t.comment(id)).then().statusCode(200);
        api(author.token()).delete(t.comment(id)).then().statusCode(204);
        api(author.token()).get(t.comment(id)).then().statusCode(404).body("error.code", equalTo(404));
        api(author.token()).delete(t.comment(id)).then().statusCode(204);
        api(owner.token()).delete(t.comment(second)).then().statusCode(204);
        api(owner.token()).get(t.base()).then().statusCode(200).body("items", empty()).body("count", equalTo(0));
        if (kind.equals(CHANGE_REQUEST)) {
            changeRequest(owner.token(), t.space(), t.cr()).then().body("comments", equalTo(0));
        }

        // each change was published on bindery.review.events
        List<JsonNode> events = reviewEvents.awaitEvents(seen -> !TopicProbe.about(seen, "bindery.comment.deleted.v1", id).isEmpty()
                && !TopicProbe.about(seen, "bindery.comment-reply.deleted.v1", replyId).isEmpty(), Duration.ofSeconds(20));
        assertFalse(TopicProbe.about(events, "bindery.comment.created.v1", id).isEmpty());
        assertEquals(t.space(), TopicProbe.about(events, "bindery.comment.created.v1", id).get(0).path("data").path("target")
                .path("space").asText());
        assertFalse(TopicProbe.about(events, "bindery.comment.updated.v1", id).isEmpty());
        assertFalse(TopicProbe.about(events, "bindery.comment-reply.created.v1", replyId).isEmpty());
    }

    @ParameterizedTest
    @ValueSource(strings = {SPACE, CHANGE_REQUEST})
    void listsFilterOrderAndPage(String kind) {
        Thread t = thread(kind);
        String first = post(author, t.base(), "body", markdown("One, on the page."), "page", t.page());
        String second = post(other, t.base(), "body", markdown("Two."));
        String third = post(author, t.base(), "body", markdown("Three."));
        put(other, t.comment(second), "resolved", true).then().statusCode(200);

        String list = t.base();
        api(owner.token()).get(list).then().statusCode(200).body("items.id", contains(third, second, first)).body("count", equalTo(3));
        api(owner.token()).get(list + "?order=desc&status=all").then().body("items.id", contains(third, second, first));
        api(owner.token()).get(list + "?order=asc").then().body("items.id", contains(first, second, third));
        api(owner.token()).get(list + "?status=open").then().body("items.id", contains(third, first)).body("count", equalTo(2));
        api(owner.token()).get(list + "?status=resolved").then().body("items.id", contains(second))
                .body("items[0].resolvedBy.id", equalTo(other.id()));
        api(owner.token()).get(list + "?authors=" + other.id()).then().body("items.id", contains(second));
        api(owner.token()).get(list + "?authors=" + author.id()).then().body("items.id", contains(third, first));
        api(owner.token()).get(list + "?authors=" + author.id() + "&authors=" + other.id()).then().body("count", equalTo(3));
        api(owner.token()).get(list + "?authors=" + owner.id()).then().body("items", empty()).body("count", equalTo(0));
        api(owner.token()).get(list + "?targetPage=" + t.page()).then().body("items.id", contains(first));
        api(owner.token()).get(list + "?targetPage=" + t.page() + "&status=resolved").then().body("items", empty());
        api(owner.token()).get(list + "?format=document").then().body("items[0].body.document.object", equalTo("document"));

        Response page1 = api(owner.token()).get(list + "?limit=2");
        page1.then().statusCode(200).body("items.id", contains(third, second)).body("count", equalTo(3)).body("next.page", notNullValue());
        api(owner.token()).queryParam("page", page1.<String>path("next.page")).get(list + "?limit=2").then().statusCode(200)
                .body("items.id", contains(first)).body("$", not(hasKey("next")));
        Response asc = api(owner.token()).get(list + "?order=asc&limit=1");
        asc.then().body("items.id", contains(first));
        api(owner.token()).queryParam("page", asc.<String>path("next.page")).get(list + "?order=asc&limit=1")
                .then().body("items.id", contains(second));
    }

    @ParameterizedTest
    @ValueSource(strings = {SPACE, CHANGE_REQUEST})
    void badInputIs400AndUnknownIs404(String kind) {
        Thread t = thread(kind);
        String id = post(author, t.base(), "body", markdown("Valid."));
        post(author, t.base(), "body", markdown("Also valid."));

        List<Map<String, Object>> badPosts = List.of(json(), json("body", null), json("body", markdown("")),
                json("body", markdown("   ")), json("body", "just text"), json("body", json()),
                json("body", json("markdown", 42)), json("body", json("document", json("object", "block"))));
        for (Map<String, Object> body : badPosts) {
            for (String url : List.of(t.base(), t.replies(id))) {
                Response r = as(author.token()).body(body).post(url);
                assertEquals(400, r.statusCode(), url + " " + body + ": " + r.asString());
                r.then().body("error.code", equalTo(400)).body("error.message", not(emptyOrNullString()));
            }
        }
        as(author.token()).body(json("body", markdown("ok"), "tableCell", json("record", "r1"))).post(t.base())
                .then().statusCode(400);
        as(author.token()).body("{\"body\":").post(t.base()).then().statusCode(400);
        for (Map<String, Object> body : List.of(json("resolved", "yes"), json("addedReactions", "👍"),
                json("removedReactions", List.of(42)), json("addedReactions", List.of("")), json("body", markdown("")))) {
            Response r = as(author.token()).body(body).put(t.comment(id));
            assertEquals(400, r.statusCode(), body + ": " + r.asString());
        }
        api(author.token()).get(t.comment(id)).then().body("body.markdown", containsString("Valid.")).body("reactions", empty())
                .body("status", equalTo("open"));

        String cursor = api(owner.token()).get(t.base() + "?limit=1").then().statusCode(200).extract().path("next.page");
        for (String bad : List.of("?status=closed", "?order=sideways", "?format=html", "?limit=0", "?limit=1001", "?limit=x")) {
            Response r = api(owner.token()).get(t.base() + bad);
            assertEquals(400, r.statusCode(), bad + ": " + r.asString());
            r.then().body("error.code", equalTo(400));
        }
        api(owner.token()).queryParam("page", tampered(cursor)).get(t.base() + "?limit=1").then().statusCode(400);
        api(owner.token()).queryParam("page", "AAAA.BBBB").get(t.base()).then().statusCode(400);
        api(owner.token()).get(t.comment(id) + "?format=html").then().statusCode(400);
        api(owner.token()).get(t.replies(id) + "?limit=0").then().statusCode(400);
        api(owner.token()).get(t.commenters() + "?limit=0").then().statusCode(400);

        String unknown = "noSuchComment0000000";
        api(owner.token()).get(t.comment(unknown)).then().statusCode(404).body("error.code", equalTo(404));
        put(owner, t.comment(unknown), "resolved", true).then().statusCode(404);
        api(owner.token()).get(t.replies(unknown)).then().statusCode(404);
        as(owner.token()).body(json("body", markdown("x"))).post(t.replies(unknown)).then().statusCode(404);
        api(owner.token()).get(t.replies(id) + "/noSuchReply000000000").then().statusCode(404);
        api(owner.token()).delete(t.comment(unknown)).then().statusCode(204);
        String noSuchCr = branchPath(t.space(), "noSuchChangeRequest0");
        api(owner.token()).get(noSuchCr + "/comments").then().statusCode(404);
        as(owner.token()).body(json("body", markdown("x"))).post(noSuchCr + "/comments").then().statusCode(404);
        api(owner.token()).get(noSuchCr + "/commenters").then().statusCode(404);
        api(owner.token()).get(spacePath("noSuchSpace000000000") + "/comments").then().statusCode(404);
    }
}
