package io.bindery.e2e;

import io.bindery.e2e.Stack.TestUser;
import io.restassured.response.Response;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

import static io.bindery.e2e.ContentFixtures.addMember;
import static io.bindery.e2e.ContentFixtures.as;
import static io.bindery.e2e.ContentFixtures.createCollection;
import static io.bindery.e2e.ContentFixtures.createSpace;
import static io.bindery.e2e.ContentFixtures.ids;
import static io.bindery.e2e.ContentFixtures.json;
import static io.bindery.e2e.ContentFixtures.spacePointer;
import static io.bindery.e2e.Stack.api;
import static org.hamcrest.Matchers.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Spaces through the gateway (content-service): the resource, lists, update, delete/restore, duplicate, move, transfer. */
class SpacesE2ETest {
    static final String TIMESTAMP = "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z";
    static final String NO_SUCH_SPACE = "noSuchSpace000000000";

    static TestUser owner;
    static String org;
    static String shelf;

    @BeforeAll
    static void organization() {
        owner = Stack.newUser("example.com");
        org = Stack.newOrg(owner);
        shelf = createCollection(owner.token(), org, null, "Shelf");
    }

    @Test
    void createWithEveryFieldGivesTheWholeSpace() {
        Response created = as(owner.token()).body(json("title", "Handbook", "emoji", "📘", "parent", shelf,
                "language", "fr", "visibility", "in-collection", "editMode", "locked")).post("/v1/orgs/" + org + "/spaces");
        created.then().statusCode(201)
                .body("object", equalTo("space"))
                .body("id", matchesPattern("[A-Za-z0-9]{20}"))
                .body("title", equalTo("Handbook")).body("emoji", equalTo("📘"))
                .body("visibility", equalTo("in-collection")).body("editMode", equalTo("locked"))
                .body("language", equalTo("fr")).body("organization", equalTo(org)).body("parent", equalTo(shelf))
                .body("createdAt", matchesPattern(TIMESTAMP)).body("updatedAt", matchesPattern(TIMESTAMP))
                .body("$", not(hasKey("deletedAt")))
                .body("mergeRules.type", equalTo("inherit"))
                .body("revision", matchesPattern("[A-Za-z0-9]{20}"))
                .body("defaultLevel", equalTo("inherit"))
                .body("comments", equalTo(0)).body("changeRequests", equalTo(0))
                .body("changeRequestsOpen", equalTo(0)).body("changeRequestsDraft", equalTo(0))
                .body("urls.app", startsWith("http"))
                // an org admin administers it; locked: nobody edits or merges
                .body("permissions.view", equalTo(true)).body("permissions.access", equalTo(true))
                .body("permissions.admin", equalTo(true)).body("permissions.viewInviteLinks", equalTo(true))
                .body("permissions.edit", equalTo(false)).body("permissions.triggerGitSync", equalTo(true))
                .body("permissions.comment", equalTo(true)).body("permissions.merge", equalTo(false))
                .body("permissions.review", equalTo(true)).body("permissions.installIntegration", equalTo(true));
        String id = created.path("id");
        assertTrue(created.<String>path("urls.location").endsWith("/v1/spaces/" + id), created.asString());
        assertEquals(created.<String>path("createdAt"), created.<String>path("updatedAt"));

        api(owner.token()).get("/v1/spaces/" + id).then().statusCode(200)
                .body("id", equalTo(id)).body("title", equalTo("Handbook")).body("revision", equalTo(created.path("revision")))
                .body("createdAt", equalTo(created.path("createdAt"))).body("permissions.edit", equalTo(false));
        api(owner.token()).get("/v1/spaces/" + id + "?shareKey=whatever").then().statusCode(200);
        api(owner.token()).get("/v1/collections/" + shelf + "/spaces").then().body("items.id", hasItem(id));
    }

    @Test
    void createWithNothingUsesTheDefaults() {
        as(owner.token()).body("{}").post("/v1/orgs/" + org + "/spaces").then().statusCode(201)
                .body("title", equalTo("Untitled")).body("emoji", equalTo(""))
                .body("visibility", equalTo("private")).body("editMode", equalTo("live"))
                .body("mergeRules.type", equalTo("inherit")).body("defaultLevel", equalTo("inherit"))
                .body("$", not(hasKey("parent"))).body("$", not(hasKey("language")))
                .body("permissions.edit", equalTo(true)).body("permissions.merge", equalTo(true));
        // no body at all is an empty one
        api(owner.token()).post("/v1/orgs/" + org + "/spaces").then().statusCode(201).body("title", equalTo("Untitled"));
    }

    @Test
    void createRefusesBadInput() {
        String path = "/v1/orgs/" + org + "/spaces";
        as(owner.token()).body(json("visibility", "in-collection")).post(path).then().statusCode(400)
                .body("error.code", equalTo(400)).body("error.message", containsString("visibility"));
        as(owner.token()).body(json("language", "xx")).post(path).then().statusCode(400).body("error.message", containsString("language"));
        as(owner.token()).body(json("visibility", "secret")).post(path).then().statusCode(400).body("error.message", containsString("visibility"));
        as(owner.token()).body(json("editMode", "frozen")).post(path).then().statusCode(400).body("error.message", containsString("editMode"));
        as(owner.token()).body(json("title", "x".repeat(51))).post(path).then().statusCode(400).body("error.message", containsString("title"));
        as(owner.token()).body(json("emoji", "x".repeat(51))).post(path).then().statusCode(400).body("error.message", containsString("emoji"));
        as(owner.token()).body(json("title", List.of("a"))).post(path).then().statusCode(400).body("error.message", containsString("title"));
        as(owner.token()).body("{\"title\": \"unterminated").post(path).then().statusCode(400).body("error.code", equalTo(400));
        as(owner.token()).body(json("parent", "noSuchCollection0000")).post(path).then().statusCode(404);
        as(owner.token()).body(json("title", "From template", "template", "https://example.com/t")).post(path)
                .then().statusCode(501).body("error.code", equalTo(501));
        as(owner.token()).body(json("title", "Computed", "computedSource", json("type", "builtin:openapi"))).post(path)
                .then().statusCode(501).body("error.code", equalTo(501));
        as(owner.token()).body(json("title", "x".repeat(50))).post(path).then().statusCode(201);
        as(owner.token()).body("{}").post("/v1/orgs/noSuchOrganization00/spaces").then().statusCode(404);
    }

    @Test
    void listsPageOverTheOrganizationsSpaces() {
        String fresh = Stack.newOrg(owner);
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            created.add(createSpace(owner.token(), fresh, json("title", "Space " + i)));
        }
        String path = "/v1/orgs/" + fresh + "/spaces";
        Response all = api(owner.token()).get(path);
        all.then().statusCode(200).body("count", equalTo(5)).body("$", not(hasKey("next")))
                .body("items.object", everyItem(equalTo("space")));
        assertEquals(created, ids(all), "ordered by creation");

        List<String> paged = new ArrayList<>();
        String page = null;
        int pages = 0;
        do {
            var spec = api(owner.token()).queryParam("limit", 2);
            if (page != null) {
                spec.queryParam("page", page);
            }
            Response r = spec.get(path);
            r.then().statusCode(200).body("count", equalTo(5));
            paged.addAll(ids(r));
            page = r.path("next.page");
            pages++;
            assertEquals(pages < 3, page != null, "next only while more follow");
        } while (page != null);
        assertEquals(3, pages);
        assertEquals(created, paged);
        assertEquals(5, new HashSet<>(paged).size());

        String cursor = api(owner.token()).get(path + "?limit=2").path("next.page");
        api(owner.token()).queryParam("page", "AAAA" + cursor.substring(cursor.indexOf('.'))).get(path)
                .then().statusCode(400).body("error.message", containsString("page"));
        api(owner.token()).queryParam("page", "garbage").get(path).then().statusCode(400);
        api(owner.token()).get(path + "?limit=0").then().statusCode(400).body("error.message", containsString("limit"));
        api(owner.token()).get(path + "?limit=1001").then().statusCode(400).body("error.message", containsString("limit"));
        api(owner.token()).get(path + "?limit=ten").then().statusCode(400);
        api(owner.token()).get(path + "?limit=1000").then().statusCode(200).body("count", equalTo(5));
    }

    @Test
    void patchEachField() {
        Response created = as(owner.token()).body(json("title", "Before", "parent", shelf)).post("/v1/orgs/" + org + "/spaces");
        String id = created.path("id");
        String path = "/v1/spaces/" + id;

        Response patched = as(owner.token()).body(json("title", "After", "emoji", "🚀", "language", "de",
                "defaultLevel", "read", "visibility", "unlisted")).patch(path);
        patched.then().statusCode(200).body("title", equalTo("After")).body("emoji", equalTo("🚀"))
                .body("language", equalTo("de")).body("defaultLevel", equalTo("read")).body("visibility", equalTo("unlisted"))
                .body("editMode", equalTo("live")).body("parent", equalTo(shelf)).body("revision", equalTo(created.path("revision")));
        assertFalse(Instant.parse(patched.path("updatedAt")).isBefore(Instant.parse(created.path("updatedAt"))));
        api(owner.token()).get(path).then().body("title", equalTo("After")).body("defaultLevel", equalTo("read"));

        as(owner.token()).body(json("editMode", "locked")).patch(path).then().statusCode(200)
                .body("editMode", equalTo("locked")).body("permissions.edit", equalTo(false)).body("permissions.merge", equalTo(false))
                .body("permissions.admin", equalTo(true)).body("title", equalTo("After"));
        as(owner.token()).body(json("editMode", "live")).patch(path).then().body("permissions.edit", equalTo(true));
        as(owner.token()).body(json("defaultLevel", "inherit")).patch(path).then().body("defaultLevel", equalTo("inherit"));
        as(owner.token()).body(json("defaultLevel", "comment")).patch(path).then().body("defaultLevel", equalTo("comment"));
        as(owner.token()).body(json("defaultLevel", null, "language", null)).patch(path).then().statusCode(200)
                .body("defaultLevel", equalTo("inherit")).body("$", not(hasKey("language")));
        as(owner.token()).body(json("visibility", "in-collection")).patch(path).then().statusCode(200)
                .body("visibility", equalTo("in-collection"));

        as(owner.token()).body(json("mergeRules", json("type", "none"))).patch(path).then().statusCode(200)
                .body("mergeRules.type", equalTo("none"));
        as(owner.token()).body(json("mergeRules", json("type", "rules", "rules", List.of(
                json("rule", "require_at_least_one_review"),
                json("rule", "require_specific_reviewers", "users", List.of(owner.id())))))).patch(path)
                .then().statusCode(200).body("mergeRules.type", equalTo("rules"))
                .body("mergeRules.rules.rule", contains("require_at_least_one_review", "require_specific_reviewers"))
                .body("mergeRules.rules[1].users", contains(owner.id()));
        as(owner.token()).body(json("mergeRules", json("type", "inherit"))).patch(path).then().body("mergeRules.type", equalTo("inherit"))
                .body("mergeRules", not(hasKey("rules")));

        for (Map<String, Object> bad : List.of(
                json("title", "x".repeat(51)), json("title", null), json("title", ""),
                json("emoji", "x".repeat(51)),
                json("editMode", "frozen"), json("editMode", 1),
                json("defaultLevel", "boss"),
                json("language", "klingon"),
                json("visibility", "everyone"),
                json("mergeRules", json("type", "sometimes")),
                json("mergeRules", "none"),
                json("mergeRules", json("type", "rules")),
                json("mergeRules", json("type", "rules", "rules", List.of(json("rule", "be_nice")))),
                json("mergeRules", json("type", "rules", "rules", List.of(json("rule", "require_specific_reviewers")))))) {
            String field = bad.keySet().iterator().next();
            as(owner.token()).body(bad).patch(path).then().statusCode(400).body("error.code", equalTo(400))
                    .body("error.message", containsString(field));
        }
        as(owner.token()).body("{oops").patch(path).then().statusCode(400);
        api(owner.token()).get(path).then().body("title", equalTo("After")).body("mergeRules.type", equalTo("inherit"));
        as(owner.token()).body(json("title", "x")).patch("/v1/spaces/" + NO_SUCH_SPACE).then().statusCode(404);

        // in-collection needs a collection around it
        String atRoot = createSpace(owner.token(), org, json("title", "Root"));
        as(owner.token()).body(json("visibility", "in-collection")).patch("/v1/spaces/" + atRoot).then().statusCode(400)
                .body("error.message", containsString("visibility"));
    }

    @Test
    void deleteThenRestore() {
        String id = createSpace(owner.token(), org, json("title", "Deleted then restored", "emoji", "🗑"));
        String path = "/v1/spaces/" + id;
        api(owner.token()).post(path + "/restore").then().statusCode(200).body("id", equalTo(id)).body("$", not(hasKey("deletedAt")));

        api(owner.token()).delete(path).then().statusCode(204);
        api(owner.token()).delete(path).then().statusCode(204);
        api(owner.token()).delete("/v1/spaces/" + NO_SUCH_SPACE).then().statusCode(204);
        api(owner.token()).get(path).then().statusCode(404).body("error.code", equalTo(404));
        assertFalse(ids(api(owner.token()).get("/v1/orgs/" + org + "/spaces?limit=1000")).contains(id));
        as(owner.token()).body(json("title", "ghost")).patch(path).then().statusCode(404);

        api(owner.token()).post(path + "/restore").then().statusCode(200)
                .body("object", equalTo("space")).body("id", equalTo(id)).body("title", equalTo("Deleted then restored"))
                .body("emoji", equalTo("🗑")).body("$", not(hasKey("deletedAt")));
        api(owner.token()).get(path).then().statusCode(200);
        assertTrue(ids(api(owner.token()).get("/v1/orgs/" + org + "/spaces?limit=1000")).contains(id));
        api(owner.token()).post("/v1/spaces/" + NO_SUCH_SPACE + "/restore").then().statusCode(404);
    }

    @Test
    void duplicateCopiesNextToTheOriginal() {
        String box = createCollection(owner.token(), org, null, "Duplicates");
        Response original = as(owner.token()).body(json("title", "Guide", "emoji", "📗", "parent", box, "language", "es",
                "editMode", "locked", "visibility", "in-collection")).post("/v1/orgs/" + org + "/spaces");
        String id = original.path("id");
        as(owner.token()).body(json("defaultLevel", "comment", "mergeRules", json("type", "none"))).patch("/v1/spaces/" + id)
                .then().statusCode(200);
        String sibling = createSpace(owner.token(), org, json("title", "Sibling", "parent", box));

        Response copy = api(owner.token()).post("/v1/spaces/" + id + "/duplicate");
        copy.then().statusCode(201).body("object", equalTo("space")).body("title", equalTo("Guide (copy)"))
                .body("parent", equalTo(box)).body("organization", equalTo(org)).body("emoji", equalTo("📗"))
                .body("language", equalTo("es")).body("editMode", equalTo("locked")).body("visibility", equalTo("in-collection"))
                .body("defaultLevel", equalTo("comment")).body("mergeRules.type", equalTo("none"))
                .body("revision", matchesPattern("[A-Za-z0-9]{20}"));
        String copyId = copy.path("id");
        assertNotEquals(id, copyId);
        assertNotEquals(original.<String>path("revision"), copy.<String>path("revision"));
        api(owner.token()).get("/v1/spaces/" + copyId).then().statusCode(200).body("title", equalTo("Guide (copy)"));

        List<String> order = ids(api(owner.token()).get("/v1/collections/" + box + "/spaces"));
        assertEquals(3, order.size(), order.toString());
        assertEquals(order.indexOf(id) + 1, order.indexOf(copyId), "the copy comes right after the original: " + order);
        assertTrue(order.contains(sibling));

        api(owner.token()).post("/v1/spaces/" + NO_SUCH_SPACE + "/duplicate").then().statusCode(404);
        api(owner.token()).delete("/v1/spaces/" + id).then().statusCode(204);
        api(owner.token()).post("/v1/spaces/" + id + "/duplicate").then().statusCode(404);
    }

    @Test
    void moveBetweenCollectionsAndPositions() {
        String c1 = createCollection(owner.token(), org, null, "Move one");
        String c2 = createCollection(owner.token(), org, null, "Move two");
        String s = createSpace(owner.token(), org, json("title", "Mover"));
        String path = "/v1/spaces/" + s + "/move";

        as(owner.token()).body(json("parent", c1)).post(path).then().statusCode(200)
                .body("object", equalTo("space")).body("id", equalTo(s)).body("parent", equalTo(c1));
        assertEquals(List.of(s), ids(api(owner.token()).get("/v1/collections/" + c1 + "/spaces")));
        as(owner.token()).body(json("parent", c1)).post(path).then().statusCode(409).body("error.code", equalTo(409));
        as(owner.token()).body(json("parent", null)).post(path).then().statusCode(200).body("$", not(hasKey("parent")));
        api(owner.token()).get("/v1/collections/" + c1 + "/spaces").then().body("items", empty());
        as(owner.token()).body(json("parent", null)).post(path).then().statusCode(409);
        as(owner.token()).body(json("parent", "noSuchCollection0000")).post(path).then().statusCode(404);
        as(owner.token()).body("{}").post(path).then().statusCode(400);
        as(owner.token()).body(json("parent", 1)).post(path).then().statusCode(400).body("error.message", containsString("parent"));
        String foreign = createCollection(owner.token(), Stack.newOrg(owner), null, "Foreign");
        as(owner.token()).body(json("parent", foreign)).post(path).then().statusCode(400);
        as(owner.token()).body(json("parent", c1)).post("/v1/spaces/" + NO_SUCH_SPACE + "/move").then().statusCode(404);

        // an in-collection space cannot live at the root
        String inside = createSpace(owner.token(), org, json("title", "Inside", "parent", c1, "visibility", "in-collection"));
        as(owner.token()).body(json("parent", null)).post("/v1/spaces/" + inside + "/move").then().statusCode(400)
                .body("error.message", containsString("visibility"));
        as(owner.token()).body(json("parent", c2)).post("/v1/spaces/" + inside + "/move").then().statusCode(200)
                .body("parent", equalTo(c2)).body("visibility", equalTo("in-collection"));

        // positions inside c2
        String other = createSpace(owner.token(), org, json("title", "Other", "parent", c2));
        List<String> order = ids(api(owner.token()).get("/v1/collections/" + c2 + "/spaces"));
        assertEquals(2, order.size());
        as(owner.token()).body(json("position", json("before", spacePointer(order.get(0))))).post("/v1/spaces/" + order.get(1) + "/move")
                .then().statusCode(200).body("parent", equalTo(c2));
        assertEquals(List.of(order.get(1), order.get(0)), ids(api(owner.token()).get("/v1/collections/" + c2 + "/spaces")));
        as(owner.token()).body(json("position", json("before", spacePointer(order.get(0))))).post("/v1/spaces/" + order.get(1) + "/move")
                .then().statusCode(409);
        // into c2 right after `other`, from the root
        as(owner.token()).body(json("parent", c2, "position", json("after", spacePointer(other)))).post(path)
                .then().statusCode(200).body("parent", equalTo(c2));
        List<String> now = ids(api(owner.token()).get("/v1/collections/" + c2 + "/spaces"));
        assertEquals(now.indexOf(other) + 1, now.indexOf(s), now.toString());
        // pointers that are no sibling in the target parent
        as(owner.token()).body(json("parent", c1, "position", json("after", spacePointer(other)))).post(path).then().statusCode(400)
                .body("error.message", containsString("position"));
        as(owner.token()).body(json("position", json("after", spacePointer(NO_SUCH_SPACE)))).post(path).then().statusCode(400);
        as(owner.token()).body(json("position", json("after", json("type", "space")))).post(path).then().statusCode(400);
        as(owner.token()).body(json("position", 5)).post(path).then().statusCode(400).body("error.message", containsString("position"));
        as(owner.token()).body(json("position", json("before", "first"))).post(path).then().statusCode(400)
                .body("error.message", containsString("position"));
        assertTrue(now.contains(inside), now.toString());

        // a deleted space is not moved: 412 for its administrator
        String gone = createSpace(owner.token(), org, json("title", "Gone"));
        api(owner.token()).delete("/v1/spaces/" + gone).then().statusCode(204);
        as(owner.token()).body(json("parent", c1)).post("/v1/spaces/" + gone + "/move").then().statusCode(412).body("error.code", equalTo(412));
    }

    @Test
    void transferToAnotherOrganizationOrCollection() {
        String target = Stack.newOrg(owner);
        String targetShelf = createCollection(owner.token(), target, null, "Target shelf");
        TestUser member = Stack.newUser("example.com");
        addMember(owner, org, member, "read");
        String s = createSpace(owner.token(), org, json("title", "Travelling", "parent", shelf));
        String path = "/v1/spaces/" + s + "/transfer";
        as(owner.token()).body(json("role", "edit")).patch("/v1/spaces/" + s + "/permissions/users/" + member.id()).then().statusCode(204);
        api(owner.token()).get("/v1/spaces/" + s + "/permissions/users").then().body("items.user.id", contains(member.id()));

        as(owner.token()).body(json("organization", target)).post(path).then().statusCode(200)
                .body("object", equalTo("space")).body("id", equalTo(s)).body("organization", equalTo(target))
                .body("$", not(hasKey("parent"))).body("title", equalTo("Travelling"));
        api(owner.token()).get("/v1/spaces/" + s + "/permissions/users").then().statusCode(200).body("items", empty());
        api(member.token()).get("/v1/spaces/" + s).then().statusCode(404);
        assertTrue(ids(api(owner.token()).get("/v1/orgs/" + target + "/spaces")).contains(s));
        assertFalse(ids(api(owner.token()).get("/v1/orgs/" + org + "/spaces?limit=1000")).contains(s));
        as(owner.token()).body(json("organization", target)).post(path).then().statusCode(409);

        // into a collection of the target
        as(owner.token()).body(json("organization", target, "parent", targetShelf)).post(path).then().statusCode(200)
                .body("organization", equalTo(target)).body("parent", equalTo(targetShelf));
        as(owner.token()).body(json("organization", target, "parent", targetShelf)).post(path).then().statusCode(409);
        // back, straight into a collection of the first organization
        as(owner.token()).body(json("organization", org, "parent", shelf)).post(path).then().statusCode(200)
                .body("organization", equalTo(org)).body("parent", equalTo(shelf));
        // same organization, another parent: a move
        String otherShelf = createCollection(owner.token(), org, null, "Other shelf");
        as(owner.token()).body(json("organization", org, "parent", otherShelf)).post(path).then().statusCode(200)
                .body("organization", equalTo(org)).body("parent", equalTo(otherShelf));
        assertEquals(List.of(s), ids(api(owner.token()).get("/v1/collections/" + otherShelf + "/spaces")));
        as(owner.token()).body(json("organization", org, "parent", "noSuchCollection0000")).post(path).then().statusCode(404);

        TestUser stranger = Stack.newUser("example.com");
        String memberOnly = Stack.newOrg(stranger);
        addMember(stranger, memberOnly, owner, "create");
        as(owner.token()).body(json("organization", memberOnly)).post(path).then().statusCode(403);
        as(owner.token()).body(json("organization", Stack.newOrg(stranger))).post(path).then().statusCode(404);
        as(owner.token()).body(json("organization", "noSuchOrganization00")).post(path).then().statusCode(404);
        as(owner.token()).body("{}").post(path).then().statusCode(400).body("error.message", containsString("organization"));
        as(owner.token()).body(json("organization", target)).post("/v1/spaces/" + NO_SUCH_SPACE + "/transfer").then().statusCode(404);

        api(owner.token()).delete("/v1/spaces/" + s).then().statusCode(204);
        as(owner.token()).body(json("organization", target)).post(path).then().statusCode(412);
    }

    @Test
    void spacesOfAMember() {
        String fresh = Stack.newOrg(owner);
        TestUser editor = Stack.newUser("example.com");
        TestUser reader = Stack.newUser("example.com");
        addMember(owner, fresh, editor, "edit");
        addMember(owner, fresh, reader, "read");
        String open = createSpace(owner.token(), fresh, json("title", "Open"));
        as(owner.token()).body(json("defaultLevel", "read")).patch("/v1/spaces/" + open).then().statusCode(200);
        // no level, no grant: the member's own role (edit)
        String plain = createSpace(owner.token(), fresh, json("title", "Plain"));
        String granted = createSpace(owner.token(), fresh, json("title", "Granted"));
        as(owner.token()).body(json("role", "review")).patch("/v1/spaces/" + granted + "/permissions/users/" + editor.id())
                .then().statusCode(204);
        String path = "/v1/orgs/" + fresh + "/members/" + editor.id() + "/spaces";

        for (String token : List.of(editor.token(), owner.token())) {
            Response r = api(token).get(path);
            r.then().statusCode(200).body("count", equalTo(3))
                    .body("items.space.object", everyItem(equalTo("space")))
                    .body("items.find { it.space.id == '" + open + "' }.permission", equalTo("read"))
                    .body("items.find { it.space.id == '" + plain + "' }.permission", equalTo("edit"))
                    .body("items.find { it.space.id == '" + granted + "' }.permission", equalTo("review"));
            assertEquals(List.of(granted, plain, open), r.path("items.space.id"), "newest first by default");
        }
        assertEquals(List.of(open, plain, granted), api(editor.token()).get(path + "?order=asc").path("items.space.id"));
        assertEquals(List.of(granted, plain, open), api(editor.token()).get(path + "?order=desc").path("items.space.id"));
        Response first = api(editor.token()).get(path + "?limit=2");
        first.then().body("items", hasSize(2)).body("count", equalTo(3)).body("next.page", notNullValue());
        api(editor.token()).queryParam("page", first.<String>path("next.page")).get(path + "?limit=2")
                .then().body("items.space.id", contains(open)).body("$", not(hasKey("next")));
        Response mine = api(owner.token()).get("/v1/orgs/" + fresh + "/members/" + owner.id() + "/spaces");
        mine.then().statusCode(200).body("count", equalTo(3)).body("items.permission", everyItem(equalTo("admin")));
        assertTrue(mine.<List<String>>path("items.space.id").contains(plain));

        api(reader.token()).get(path).then().statusCode(403).body("error.code", equalTo(403));
        api(editor.token()).get(path + "?order=sideways").then().statusCode(400).body("error.message", containsString("order"));
        api(editor.token()).get(path + "?limit=0").then().statusCode(400);
        TestUser outsider = Stack.newUser("example.com");
        api(owner.token()).get("/v1/orgs/" + fresh + "/members/" + outsider.id() + "/spaces").then().statusCode(404);
        api(owner.token()).get("/v1/orgs/" + fresh + "/members/noSuchUser0000000000/spaces").then().statusCode(404);
        api(outsider.token()).get(path).then().statusCode(404);
    }

    @Test
    void aNewOrganizationTakesASpaceAtOnce() {
        for (int i = 0; i < 10; i++) {
            String fresh = as(owner.token()).body(json("title", "Instant " + i)).post("/v1/orgs")
                    .then().statusCode(201).extract().path("id");
            as(owner.token()).body(json("title", "First")).post("/v1/orgs/" + fresh + "/spaces").then().statusCode(201)
                    .body("organization", equalTo(fresh));
        }
    }
}
