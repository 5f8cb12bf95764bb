package io.bindery.e2e;

import io.bindery.contracts.review.ReviewEventTypes;
import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.testing.TopicProbe;
import io.bindery.e2e.Stack.TestUser;
import io.restassured.response.Response;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.bindery.e2e.ContentFixtures.addMember;
import static io.bindery.e2e.ContentFixtures.as;
import static io.bindery.e2e.ContentFixtures.createSpace;
import static io.bindery.e2e.ContentFixtures.ids;
import static io.bindery.e2e.ContentFixtures.json;
import static io.bindery.e2e.ContentFixtures.branchPath;
import static io.bindery.e2e.ContentFixtures.findPage;
import static io.bindery.e2e.ContentFixtures.headRevision;
import static io.bindery.e2e.ContentFixtures.insertPage;
import static io.bindery.e2e.ContentFixtures.markdownAt;
import static io.bindery.e2e.ContentFixtures.newMarkdown;
import static io.bindery.e2e.ContentFixtures.spacePath;
import static io.bindery.e2e.ContentFixtures.spaceRevision;
import static io.bindery.e2e.ContentFixtures.titles;
import static io.bindery.e2e.ContentFixtures.tree;
import static io.bindery.e2e.ContentFixtures.uniqueWord;
import static io.bindery.e2e.ContentFixtures.updatePage;
import static io.bindery.e2e.ContentFixtures.written;
import static io.bindery.e2e.Stack.api;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * review-service's change requests through the gateway: create, write content into (content-service's branch
 * of the same id), read by id or number, list with filters, edit, merge and update (with conflicts), the
 * `outdated` flag, the space's review counters, the merged event on Kafka and the PDF export. The other review
 * e2e classes (comments, permissions) use the fixtures at the top of this one.
 */
class ChangeRequestsE2ETest {

    // ---- fixtures shared by the review e2e tests ----

    static String changeRequests(String space) {
        return spacePath(space) + "/change-requests";
    }

    /** POST a change request with the given body fields; the caller checks the status. */
    static Response createChangeRequest(String token, String space, Object... body) {
        return as(token).body(json(body)).post(changeRequests(space));
    }

    /** A new open change request (so it shows in the default list); returns its id. */
    static String newChangeRequest(String token, String space, String subject) {
        return createChangeRequest(token, space, "subject", subject, "status", "open")
                .then().statusCode(201).extract().path("id");
    }

    static Response changeRequest(String token, String space, String cr) {
        return api(token).get(branchPath(space, cr));
    }

    static Response patchChangeRequest(String token, String space, String cr, Object... fields) {
        return as(token).body(json(fields)).patch(branchPath(space, cr));
    }

    static Response mergeChangeRequest(String token, String space, String cr) {
        return api(token).post(branchPath(space, cr) + "/merge");
    }

    static Response updateChangeRequest(String token, String space, String cr) {
        return api(token).post(branchPath(space, cr) + "/update");
    }

    static Response submitReview(String token, String space, String cr, String status) {
        return as(token).body(json("status", status)).post(branchPath(space, cr) + "/reviews");
    }

    /** Writes the pages through a change request of review-service and merges it: content straight into main. */
    @SafeVarargs
    static Map<String, String> seedMainThroughReview(String token, String space, Map<String, Object>... changes) {
        String cr = newChangeRequest(token, space, "Seed");
        Map<String, String> ids = written(token, space, cr, changes);
        mergeChangeRequest(token, space, cr).then().statusCode(200).body("result", equalTo("merge"));
        return ids;
    }

    /** Writes main's markdown of the page with one phrase replaced, in the change request (a one-line edit). */
    static void editLine(String token, String space, String cr, String page, String phrase, String replacement) {
        String markdown = markdownAt(token, spacePath(space) + "/content", page);
        assertTrue(markdown.contains(phrase), "'" + phrase + "' in " + markdown);
        written(token, space, cr, updatePage(page, "document", newMarkdown(markdown.replace(phrase, replacement))));
    }

    /**
     * A new member (org role read) with a role on the space: the grant decides its role there, and it reads the
     * organization's other spaces through its own role.
     */
    static TestUser memberWithRole(TestUser orgAdmin, String org, String space, String role) {
        TestUser u = Stack.newUser("example.com");
        addMember(orgAdmin, org, u, "read");
        grant(orgAdmin, space, u, role);
        return u;
    }

    static void grant(TestUser orgAdmin, String space, TestUser user, String role) {
        as(orgAdmin.token()).body(json("role", role)).patch(spacePath(space) + "/permissions/users/" + user.id())
                .then().statusCode(204);
    }

    /** Asynchronous effects (review events reaching content-service, content events reaching review): ≤ 10 s. */
    static void within10s(Runnable assertion) {
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100)).untilAsserted(assertion::run);
    }

    /** The space's review counters, as content-service's Space object shows them once review's events arrived. */
    static void awaitCounters(String token, String space, int comments, int all, int open, int draft) {
        within10s(() -> api(token).get(spacePath(space)).then().statusCode(200)
                .body("comments", equalTo(comments)).body("changeRequests", equalTo(all))
                .body("changeRequestsOpen", equalTo(open)).body("changeRequestsDraft", equalTo(draft)));
    }

    /** A cursor whose signed payload was changed: the signature no longer matches. */
    static String tampered(String cursor) {
        int dot = cursor.indexOf('.');
        assertTrue(dot > 0, "a signed cursor: " + cursor);
        String payload = new String(Base64.getUrlDecoder().decode(cursor.substring(0, dot)), StandardCharsets.UTF_8);
        String forged = Base64.getUrlEncoder().withoutPadding().encodeToString((payload + "x").getBytes(StandardCharsets.UTF_8));
        return forged + cursor.substring(dot);
    }

    static String pdfText(byte[] bytes) {
        try (PDDocument pdf = Loader.loadPDF(bytes)) {
            assertTrue(pdf.getNumberOfPages() > 0, "a PDF with pages");
            return new PDFTextStripper().getText(pdf);
        } catch (IOException e) {
            throw new AssertionError("not a PDF PDFBox can open (" + bytes.length + " bytes)", e);
        }
    }

    // ---- the tests ----

    static TestUser owner;
    static String org;

    @BeforeAll
    static void organization() {
        owner = Stack.newUser("example.com");
        org = Stack.newOrg(owner);
    }

    @Test
    void aChangeRequestCarriesItsContentIntoTheSpace() {
        String space = createSpace(owner.token(), org, json("title", "Reviewed content"));
        String before = spaceRevision(owner.token(), space);

        Response created = createChangeRequest(owner.token(), space, "subject", "Add a welcome page");
        created.then().statusCode(201).body("object", equalTo("change-request")).body("status", equalTo("draft"))
                .body("subject", equalTo("Add a welcome page")).body("space", equalTo(space))
                .body("createdBy.object", equalTo("user")).body("createdBy.id", equalTo(owner.id()))
                .body("revisionInitial", equalTo(before)).body("revision", equalTo(before))
                .body("outdated", equalTo(false)).body("comments", equalTo(0))
                .body("createdAt", not(emptyOrNullString())).body("updatedAt", not(emptyOrNullString()))
                .body("$", not(hasKey("revisionMerged")));
        String cr = created.path("id");
        int number = created.path("number");
        assertThat(created.<String>path("urls.location"), endsWith("/v1/spaces/" + space + "/change-requests/" + cr));
        assertThat(created.<String>path("urls.app"), startsWith("http"));

        // the change request's id is its content branch: content-service's endpoints take it as is
        Map<String, String> ids = written(owner.token(), space, cr,
                insertPage("Welcome", "# Welcome\n\nHello from a change request.\n"));
        String page = ids.get("Welcome");
        String head = headRevision(space, cr);
        assertNotEquals(before, head);
        String crContent = branchPath(space, cr) + "/content";
        assertEquals(page, findPage(tree(owner.token(), crContent + "/pages"), "Welcome").get("id"));
        assertThat(markdownAt(owner.token(), crContent, page), containsString("Hello from a change request."));
        api(owner.token()).get(branchPath(space, cr) + "/changes").then().statusCode(200)
                .body("changes.find { it.page != null }.type", equalTo("page_created"));
        assertEquals(before, spaceRevision(owner.token(), space), "writing a change request leaves main");
        assertFalse(titles(tree(owner.token(), spacePath(space) + "/content/pages")).contains("Welcome"));

        // by id and by number, with the live head
        Response byId = changeRequest(owner.token(), space, cr);
        byId.then().statusCode(200).body("id", equalTo(cr)).body("number", equalTo(number)).body("revision", equalTo(head))
                .body("revisionInitial", equalTo(before)).body("status", equalTo("draft"));
        changeRequest(owner.token(), space, String.valueOf(number)).then().statusCode(200)
                .body("id", equalTo(cr)).body("revision", equalTo(head));
        changeRequest(owner.token(), space, "noSuchChangeRequest0").then().statusCode(404).body("error.code", equalTo(404));
        changeRequest(owner.token(), space, String.valueOf(number + 100)).then().statusCode(404);

        Response merged = mergeChangeRequest(owner.token(), space, cr);
        merged.then().statusCode(200).body("result", equalTo("merge")).body("revision", not(emptyOrNullString()));
        String revision = merged.path("revision");
        assertEquals(revision, spaceRevision(owner.token(), space), "the space moved to the merge");
        changeRequest(owner.token(), space, cr).then().statusCode(200).body("status", equalTo("merged"))
                .body("revisionMerged", equalTo(revision));
        String main = spacePath(space) + "/content";
        assertEquals(page, findPage(tree(owner.token(), main + "/pages"), "Welcome").get("id"));
        assertThat(markdownAt(owner.token(), main, page), containsString("Hello from a change request."));

        // final: no second merge, no update, no status change
        mergeChangeRequest(owner.token(), space, cr).then().statusCode(409).body("error.code", equalTo(409));
        patchChangeRequest(owner.token(), space, cr, "status", "open").then().statusCode(400).body("error.code", equalTo(400));
        assertEquals(revision, spaceRevision(owner.token(), space));
        mergeChangeRequest(owner.token(), space, "noSuchChangeRequest0").then().statusCode(404);
        api(owner.token()).get(changeRequests(space) + "?status=merged").then().statusCode(200)
                .body("items.id", contains(cr)).body("count", equalTo(1));

        // bindery.change-request.merged.v1: a CloudEvent about the change request, carrying it
        try (TopicProbe probe = new TopicProbe(Stack.KAFKA, ReviewEventTypes.TOPIC)) {
            List<JsonNode> events = probe.awaitEvents(
                    seen -> !TopicProbe.about(seen, "bindery.change-request.merged.v1", cr).isEmpty(), Duration.ofSeconds(20));
            List<JsonNode> mergedEvents = TopicProbe.about(events, "bindery.change-request.merged.v1", cr);
            assertEquals(1, mergedEvents.size(), mergedEvents.toString());
            JsonNode event = mergedEvents.get(0);
            assertEquals("1.0", event.path("specversion").asText());
            assertEquals("/bindery/review-service", event.path("source").asText());
            JsonNode data = event.path("data");
            assertEquals("change-request", data.path("object").asText(), data.toString());
            assertEquals(cr, data.path("id").asText());
            assertEquals(space, data.path("space").asText());
            assertEquals("merged", data.path("status").asText());
            assertEquals(revision, data.path("revisionMerged").asText());
            assertFalse(data.has("permissions"), data.toString());
            assertFalse(TopicProbe.about(events, "bindery.change-request.created.v1", cr).isEmpty(), "created was published too");
        }
    }

    @Test
    void twoChangeRequestsOnOneLineConflictUntilUpdatedAndFixed() {
        String space = createSpace(owner.token(), org, json("title", "Contested content"));
        String page = seedMainThroughReview(owner.token(), space, insertPage("Contested", ContentMergeE2ETest.SHARED)).get("Contested");
        String a = newChangeRequest(owner.token(), space, "A's edit");
        String b = newChangeRequest(owner.token(), space, "B's edit");
        editLine(owner.token(), space, a, page, "Charlie paragraph.", "Charlie paragraph, as A sees it.");
        editLine(owner.token(), space, b, page, "Charlie paragraph.", "Charlie paragraph, as B sees it.");
        changeRequest(owner.token(), space, b).then().statusCode(200).body("outdated", equalTo(false));

        mergeChangeRequest(owner.token(), space, a).then().statusCode(200);
        String main = spaceRevision(owner.token(), space);
        String mainMarkdown = markdownAt(owner.token(), spacePath(space) + "/content", page);
        String head = headRevision(space, b);

        // main moved: b is outdated, read live on GET, and in the list once content's event reached review
        changeRequest(owner.token(), space, b).then().statusCode(200).body("outdated", equalTo(true));
        within10s(() -> api(owner.token()).get(changeRequests(space)).then().statusCode(200)
                .body("items.find { it.id == '" + b + "' }.outdated", equalTo(true)));

        Response refused = mergeChangeRequest(owner.token(), space, b);
        refused.then().statusCode(409).body("error.code", equalTo(409))
                .body("error.message", anyOf(containsString("Contested"), containsString(page)));
        assertEquals(main, spaceRevision(owner.token(), space), "a refused merge leaves main");
        assertEquals(mainMarkdown, markdownAt(owner.token(), spacePath(space) + "/content", page));
        changeRequest(owner.token(), space, b).then().body("status", equalTo("open")).body("revision", equalTo(head));
        updateChangeRequest(owner.token(), space, b).then().statusCode(409).body("error.code", equalTo(409));
        changeRequest(owner.token(), space, b).then().body("revision", equalTo(head));

        // the fix: b takes A's line and edits another one; now main comes in cleanly and b merges
        written(owner.token(), space, b, updatePage(page, "document",
                newMarkdown(mainMarkdown.replace("Golf paragraph.", "Golf paragraph, edited in B."))));
        Response updated = updateChangeRequest(owner.token(), space, b);
        updated.then().statusCode(200).body("result", equalTo("update")).body("revision", not(emptyOrNullString()));
        changeRequest(owner.token(), space, b).then().statusCode(200).body("outdated", equalTo(false))
                .body("revisionMergedAncestor", equalTo(main)).body("revision", equalTo(updated.<String>path("revision")));
        assertEquals(main, spaceRevision(owner.token(), space), "an update changes the change request only");

        Response merged = mergeChangeRequest(owner.token(), space, b);
        merged.then().statusCode(200).body("result", equalTo("merge"));
        assertEquals(merged.<String>path("revision"), spaceRevision(owner.token(), space));
        assertThat(markdownAt(owner.token(), spacePath(space) + "/content", page), allOf(
                containsString("Charlie paragraph, as A sees it."), containsString("Golf paragraph, edited in B."),
                not(containsString("as B sees it"))));
    }

    @Test
    void listsFilterByStatusCreatorAndContributorAndPage() {
        String space = createSpace(owner.token(), org, json("title", "Listed"));
        String hidden = createSpace(owner.token(), org, json("title", "Not granted"));
        // a guest: it reads only the space it is granted (a member would read every space through its own role)
        TestUser editor = Stack.newUser("example.com");
        addMember(owner, org, editor, null);
        grant(owner, space, editor, "edit");
        String draft = createChangeRequest(owner.token(), space, "subject", "Draft").then().statusCode(201).extract().path("id");
        String mine = newChangeRequest(owner.token(), space, "Owner's");
        String theirs = newChangeRequest(editor.token(), space, "Editor's");
        String merged = newChangeRequest(owner.token(), space, "Merged");
        String archived = newChangeRequest(owner.token(), space, "Archived");
        String elsewhere = newChangeRequest(owner.token(), hidden, "Elsewhere");
        written(owner.token(), space, merged, insertPage("Merged page", "merged\n"));
        mergeChangeRequest(owner.token(), space, merged).then().statusCode(200);
        patchChangeRequest(owner.token(), space, archived, "status", "archived").then().statusCode(200);
        // the editor contributes to the owner's change request by writing into it
        written(editor.token(), space, mine, insertPage("Editor's page", "contributed\n"));

        String list = changeRequests(space);
        Response open = api(owner.token()).get(list);
        open.then().statusCode(200).body("count", equalTo(2)).body("items.status", everyItem(equalTo("open")));
        assertEquals(Set.of(mine, theirs), Set.copyOf(ids(open)));
        api(owner.token()).get(list + "?status=open&orderBy=createdAt").then().body("items.id", contains(theirs, mine));
        api(owner.token()).get(list + "?status=draft").then().body("items.id", contains(draft)).body("count", equalTo(1));
        api(owner.token()).get(list + "?status=merged").then().body("items.id", contains(merged));
        api(owner.token()).get(list + "?status=archived").then().body("items.id", contains(archived));
        api(owner.token()).get(list + "?creator=" + editor.id()).then().body("items.id", contains(theirs));
        api(owner.token()).get(list + "?creator=" + owner.id()).then().body("items.id", contains(mine));
        api(owner.token()).get(list + "?creator=" + owner.id() + "&status=draft").then().body("items.id", contains(draft));
        // contributors are learnt from content's events
        within10s(() -> assertEquals(Set.of(mine, theirs),
                Set.copyOf(ids(api(owner.token()).get(list + "?contributor=" + editor.id())))));
        api(owner.token()).get(list + "?contributor=" + owner.id()).then().body("items.id", contains(mine));

        // pages of one, newest first, with a signed cursor
        Response first = api(owner.token()).get(list + "?orderBy=createdAt&limit=1");
        first.then().statusCode(200).body("items.id", contains(theirs)).body("count", equalTo(2)).body("next.page", notNullValue());
        String cursor = first.path("next.page");
        api(owner.token()).queryParam("page", cursor).get(list + "?orderBy=createdAt&limit=1").then().statusCode(200)
                .body("items.id", contains(mine)).body("$", not(hasKey("next")));

        for (String bad : List.of("?status=closed", "?status=", "?orderBy=title", "?limit=0", "?limit=1001", "?limit=many")) {
            Response r = api(owner.token()).get(list + bad);
            assertEquals(400, r.statusCode(), bad + ": " + r.asString());
            r.then().body("error.code", equalTo(400));
        }
        api(owner.token()).queryParam("page", tampered(cursor)).get(list + "?orderBy=createdAt&limit=1").then().statusCode(400);
        api(owner.token()).queryParam("page", "AAAA.BBBB").get(list).then().statusCode(400);
        api(owner.token()).get(changeRequests("noSuchSpace000000000")).then().statusCode(404);

        // the organization's list: every space the caller can read
        List<String> orgOpen = ids(api(owner.token()).get("/v1/orgs/" + org + "/change-requests?limit=1000"));
        assertTrue(orgOpen.containsAll(List.of(mine, theirs, elsewhere)), orgOpen.toString());
        assertFalse(orgOpen.contains(draft) || orgOpen.contains(merged), orgOpen.toString());
        List<String> editorsView = ids(api(editor.token()).get("/v1/orgs/" + org + "/change-requests?limit=1000"));
        assertEquals(Set.of(mine, theirs), Set.copyOf(editorsView), "not " + elsewhere + " of a space the editor cannot read");
        api(owner.token()).get("/v1/orgs/" + org + "/change-requests?creator=" + editor.id()).then().statusCode(200)
                .body("items.id", contains(theirs));
        api(owner.token()).get("/v1/orgs/" + org + "/change-requests?status=draft&limit=1000").then().statusCode(200)
                .body("items.id", hasItem(draft));
        api(owner.token()).get("/v1/orgs/" + org + "/change-requests?status=nope").then().statusCode(400);
    }

    @Test
    void subjectDescriptionAndStatusChangeWithinTheRules() {
        String space = createSpace(owner.token(), org, json("title", "Edited requests"));
        String cr = createChangeRequest(owner.token(), space).then().statusCode(201)
                .body("status", equalTo("draft")).body("subject", equalTo("")).extract().path("id");
        String createdAt = changeRequest(owner.token(), space, cr).path("updatedAt");

        Map<String, Object> description = json("object", "document", "nodes", List.of(json("object", "block", "type", "paragraph",
                "nodes", List.of(json("object", "text", "leaves", List.of(json("object", "leaf", "text", "Why this change", "marks", List.of())))))));
        Response patched = patchChangeRequest(owner.token(), space, cr, "subject", "Better subject", "description", description);
        patched.then().statusCode(200).body("subject", equalTo("Better subject")).body("description.object", equalTo("document"))
                .body("description.nodes[0].type", equalTo("paragraph")).body("status", equalTo("draft"));
        assertNotEquals(createdAt, patched.path("updatedAt"), "an edit moves updatedAt");
        changeRequest(owner.token(), space, cr).then().body("subject", equalTo("Better subject"))
                .body("description.nodes[0].nodes[0].leaves[0].text", equalTo("Why this change"));
        patchChangeRequest(owner.token(), space, cr, "description", null).then().statusCode(200)
                .body("$", not(hasKey("description"))).body("subject", equalTo("Better subject"));

        // draft → open → draft → archived → open → archived → draft
        for (String to : List.of("open", "draft", "archived", "open", "archived", "draft")) {
            patchChangeRequest(owner.token(), space, cr, "status", to).then().statusCode(200).body("status", equalTo(to));
            changeRequest(owner.token(), space, cr).then().body("status", equalTo(to));
        }
        patchChangeRequest(owner.token(), space, cr, "status", "archived").then().statusCode(200);
        mergeChangeRequest(owner.token(), space, cr).then().statusCode(409).body("error.code", equalTo(409));
        patchChangeRequest(owner.token(), space, cr, "status", "draft").then().statusCode(200);

        Map<String, Map<String, Object>> invalid = Map.of(
                "to merged", json("status", "merged"),
                "an unknown status", json("status", "closed"),
                "a status that is not a string", json("status", 3),
                "a subject over 100 characters", json("subject", "s".repeat(101)),
                "a description that is not a document", json("description", "just text"),
                "a description of another object", json("description", json("object", "block", "nodes", List.of())));
        for (Map.Entry<String, Map<String, Object>> c : invalid.entrySet()) {
            Response r = as(owner.token()).body(c.getValue()).patch(branchPath(space, cr));
            assertEquals(400, r.statusCode(), c.getKey() + ": " + r.asString());
            r.then().body("error.code", equalTo(400)).body("error.message", not(emptyOrNullString()));
        }
        as(owner.token()).body("{\"subject\":").patch(branchPath(space, cr)).then().statusCode(400);
        changeRequest(owner.token(), space, cr).then().body("status", equalTo("draft")).body("subject", equalTo("Better subject"));
        patchChangeRequest(owner.token(), space, "noSuchChangeRequest0", "subject", "x").then().statusCode(404);

        // creation: subject ≤ 100, status draft or open only
        createChangeRequest(owner.token(), space, "subject", "s".repeat(100), "status", "open").then().statusCode(201)
                .body("status", equalTo("open"));
        for (Map<String, Object> body : List.of(json("subject", "s".repeat(101)), json("status", "merged"),
                json("status", "archived"), json("status", "closed"), json("template", json("id", "no-such-template")))) {
            Response r = as(owner.token()).body(body).post(changeRequests(space));
            assertEquals(400, r.statusCode(), body + ": " + r.asString());
            r.then().body("error.code", equalTo(400));
        }
    }

    @Test
    void aTemplateFillsANewChangeRequestOnly() {
        String space = createSpace(owner.token(), org, json("title", "Templated request"));
        String before = spaceRevision(owner.token(), space);
        Response created = createChangeRequest(owner.token(), space, "subject", "From a template", "template", json("id", "product-docs"));
        created.then().statusCode(201);
        String cr = created.path("id");
        List<String> pages = titles(tree(owner.token(), branchPath(space, cr) + "/content/pages"));
        assertTrue(pages.contains("Getting started"), pages.toString());
        assertEquals(before, spaceRevision(owner.token(), space), "main stays");
        changeRequest(owner.token(), space, cr).then().statusCode(200).body("revision", not(equalTo(before)))
                .body("revisionInitial", equalTo(before)).body("number", equalTo(1));

        // an unknown template is a 400 that creates nothing: the next change request is number 2
        createChangeRequest(owner.token(), space, "template", json("id", "no-such-template")).then().statusCode(400)
                .body("error.message", containsString("product-docs"));
        createChangeRequest(owner.token(), space, "subject", "Next").then().statusCode(201).body("number", equalTo(2));
    }

    @Test
    void theSpaceCountsItsChangeRequestsAndOpenComments() {
        String space = createSpace(owner.token(), org, json("title", "Counted"));
        api(owner.token()).get(spacePath(space)).then().statusCode(200).body("comments", equalTo(0))
                .body("changeRequests", equalTo(0)).body("changeRequestsOpen", equalTo(0)).body("changeRequestsDraft", equalTo(0));

        String draft = createChangeRequest(owner.token(), space, "subject", "Counted draft").then().statusCode(201).extract().path("id");
        awaitCounters(owner.token(), space, 0, 1, 0, 1);
        String open = newChangeRequest(owner.token(), space, "Counted open");
        awaitCounters(owner.token(), space, 0, 2, 1, 1);
        patchChangeRequest(owner.token(), space, draft, "status", "open").then().statusCode(200);
        awaitCounters(owner.token(), space, 0, 2, 2, 0);
        patchChangeRequest(owner.token(), space, open, "status", "archived").then().statusCode(200);
        awaitCounters(owner.token(), space, 0, 2, 1, 0);

        String comments = spacePath(space) + "/comments";
        String first = as(owner.token()).body(json("body", json("markdown", "First"))).post(comments)
                .then().statusCode(200).extract().path("id");
        String second = as(owner.token()).body(json("body", json("markdown", "Second"))).post(comments)
                .then().statusCode(200).extract().path("id");
        awaitCounters(owner.token(), space, 2, 2, 1, 0);
        // a change request's comment counts on the change request, not on the space
        as(owner.token()).body(json("body", json("markdown", "On the request"))).post(branchPath(space, draft) + "/comments")
                .then().statusCode(200);
        changeRequest(owner.token(), space, draft).then().body("comments", equalTo(1));
        as(owner.token()).body(json("resolved", true)).put(comments + "/" + first).then().statusCode(200);
        awaitCounters(owner.token(), space, 1, 2, 1, 0);
        as(owner.token()).body(json("resolved", false)).put(comments + "/" + first).then().statusCode(200);
        awaitCounters(owner.token(), space, 2, 2, 1, 0);
        api(owner.token()).delete(comments + "/" + second).then().statusCode(204);
        awaitCounters(owner.token(), space, 1, 2, 1, 0);

        written(owner.token(), space, draft, insertPage("Counted page", "counted\n"));
        mergeChangeRequest(owner.token(), space, draft).then().statusCode(200);
        awaitCounters(owner.token(), space, 1, 2, 0, 0);
        patchChangeRequest(owner.token(), space, open, "status", "draft").then().statusCode(200);
        awaitCounters(owner.token(), space, 1, 2, 0, 1);
    }

    @Test
    void aPdfOfTheChangeRequestHoldsItsPages() {
        String space = createSpace(owner.token(), org, json("title", "Printed"));
        String cr = newChangeRequest(owner.token(), space, "Printable");
        String printed = uniqueWord("printed");
        String other = uniqueWord("other");
        Map<String, String> ids = written(owner.token(), space, cr,
                insertPage("Printed page", "# Printed page\n\nThe word " + printed + " is printed.\n"),
                insertPage("Second sheet", "# Second sheet\n\nAnd " + other + " too.\n"));
        String pdf = branchPath(space, cr) + "/pdf";

        String all = pdfText(pdfBytes(pdf));
        assertThat(all, allOf(containsString(printed), containsString(other), containsString("Printed page")));
        String one = pdfText(pdfBytes(pdf + "?only=true&page=" + ids.get("Printed page")));
        assertThat(one, allOf(containsString(printed), not(containsString(other))));

        api(owner.token()).get(pdf + "?only=true").then().statusCode(400).body("error.code", equalTo(400));
        // an unknown page is a 404: when the export is asked for, or at the latest when its URL is read
        Response unknown = api(owner.token()).get(pdf + "?only=true&page=noSuchPage0000000000");
        if (unknown.statusCode() == 200) {
            api(owner.token()).get(unknown.<String>path("url")).then().statusCode(404);
        } else {
            unknown.then().statusCode(404).body("error.code", equalTo(404));
        }
        api(owner.token()).get(branchPath(space, "noSuchChangeRequest0") + "/pdf").then().statusCode(404);
    }

    /**
     * GET …/pdf gives a signed URL; reading it without any token (as a browser would) gives the PDF's bytes, and
     * a tampered signature is a 401.
     */
    static byte[] pdfBytes(String pdfEndpoint) {
        Response asked = api(owner.token()).get(pdfEndpoint);
        asked.then().statusCode(200).body("url", startsWith("http"));
        String url = asked.path("url");
        io.restassured.RestAssured.given().urlEncodingEnabled(false).get(url.replace("signature=", "signature=x"))
                .then().statusCode(401).body("error.code", equalTo(401));
        byte[] bytes = io.restassured.RestAssured.given().urlEncodingEnabled(false).get(url).then().statusCode(200)
                .contentType(startsWith("application/pdf")).extract().asByteArray();
        assertTrue(bytes.length > 4 && new String(bytes, 0, 4, StandardCharsets.ISO_8859_1).equals("%PDF"), "starts with %PDF");
        return bytes;
    }
}
