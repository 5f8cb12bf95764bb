package io.bindery.e2e;

import io.bindery.e2e.Stack.TestUser;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.bindery.e2e.ContentFixtures.*;
import static io.bindery.e2e.Stack.api;
import static org.hamcrest.Matchers.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Collections through the gateway (content-service): create, list, read, update, delete with the spaces
 * inside, the order of their spaces, move and transfer. Its fixtures are in {@link ContentFixtures}.
 */
class CollectionsE2ETest {


    static TestUser owner;
    static String org;

    @BeforeAll
    static void organization() {
        owner = Stack.newUser("example.com");
        org = Stack.newOrg(owner);
    }

    @Test
    void createWithDefaultsLimitsAndParents() {
        Response created = as(owner.token()).body("{}").post("/v1/orgs/" + org + "/collections");
        created.then().statusCode(201)
                .body("object", equalTo("collection"))
                .body("id", matchesPattern("[A-Za-z0-9]{20}"))
                .body("title", equalTo("Untitled"))
                .body("organization", equalTo(org))
                .body("defaultLevel", equalTo("inherit"))
                .body("$", not(hasKey("parent")))
                .body("$", not(hasKey("description")))
                .body("urls.app", startsWith("http"))
                .body("permissions.view", equalTo(true)).body("permissions.admin", equalTo(true))
                .body("permissions.viewInviteLinks", equalTo(true)).body("permissions.create", equalTo(true));
        String id = created.path("id");
        assertTrue(created.<String>path("urls.location").endsWith("/v1/collections/" + id), created.asString());

        as(owner.token()).body(json("title", "x".repeat(50))).post("/v1/orgs/" + org + "/collections")
                .then().statusCode(201).body("title", equalTo("x".repeat(50)));
        as(owner.token()).body(json("title", "x".repeat(51))).post("/v1/orgs/" + org + "/collections")
                .then().statusCode(400).body("error.code", equalTo(400)).body("error.message", containsString("title"));
        as(owner.token()).body(json("title", 12)).post("/v1/orgs/" + org + "/collections")
                .then().statusCode(400).body("error.message", containsString("title"));
        as(owner.token()).body("{\"title\":").post("/v1/orgs/" + org + "/collections")
                .then().statusCode(400).body("error.code", equalTo(400));

        as(owner.token()).body(json("title", "Child", "parent", id)).post("/v1/orgs/" + org + "/collections")
                .then().statusCode(201).body("parent", equalTo(id)).body("organization", equalTo(org));
        as(owner.token()).body(json("title", "Orphan", "parent", "noSuchCollection0000"))
                .post("/v1/orgs/" + org + "/collections").then().statusCode(404).body("error.code", equalTo(404));
        String otherOrg = Stack.newOrg(owner);
        String elsewhere = createCollection(owner.token(), otherOrg, null, "Elsewhere");
        as(owner.token()).body(json("title", "Cross", "parent", elsewhere)).post("/v1/orgs/" + org + "/collections")
                .then().statusCode(404);
        as(owner.token()).body("{}").post("/v1/orgs/noSuchOrganization00/collections").then().statusCode(404);
    }

    @Test
    void listsRootOrNestedCollectionsAndPages() {
        String fresh = Stack.newOrg(owner);
        String a = createCollection(owner.token(), fresh, null, "A");
        String b = createCollection(owner.token(), fresh, null, "B");
        String a1 = createCollection(owner.token(), fresh, a, "A1");
        String a1x = createCollection(owner.token(), fresh, a1, "A1x");
        String base = "/v1/orgs/" + fresh + "/collections";

        Response all = api(owner.token()).get(base);
        all.then().statusCode(200).body("count", equalTo(4)).body("items", hasSize(4))
                .body("items.object", everyItem(equalTo("collection"))).body("$", not(hasKey("next")));
        assertEquals(List.of(a, b, a1, a1x), ids(all), "ordered by creation");
        api(owner.token()).get(base + "?nested=true").then().body("count", equalTo(4));
        Response roots = api(owner.token()).get(base + "?nested=false");
        roots.then().statusCode(200).body("count", equalTo(2));
        assertEquals(List.of(a, b), ids(roots));

        Response first = api(owner.token()).get(base + "?limit=3");
        first.then().statusCode(200).body("items", hasSize(3)).body("count", equalTo(4)).body("next.page", notNullValue());
        Response second = api(owner.token()).queryParam("limit", 3).queryParam("page", first.<String>path("next.page")).get(base);
        second.then().statusCode(200).body("items", hasSize(1)).body("$", not(hasKey("next")));
        List<String> paged = new ArrayList<>(ids(first));
        paged.addAll(ids(second));
        assertEquals(List.of(a, b, a1, a1x), paged);

        api(owner.token()).get(base + "?nested=maybe").then().statusCode(400).body("error.message", containsString("nested"));
        api(owner.token()).get(base + "?limit=0").then().statusCode(400).body("error.message", containsString("limit"));
        api(owner.token()).get(base + "?limit=1001").then().statusCode(400).body("error.message", containsString("limit"));
        String cursor = first.path("next.page");
        api(owner.token()).queryParam("page", "AAAA" + cursor.substring(cursor.indexOf('.'))).get(base)
                .then().statusCode(400).body("error.message", containsString("page"));
    }

    @Test
    void getAndPatch() {
        String id = createCollection(owner.token(), org, null, "Patchable");
        String path = "/v1/collections/" + id;
        api(owner.token()).get(path).then().statusCode(200).body("id", equalTo(id)).body("title", equalTo("Patchable"));
        api(owner.token()).get("/v1/collections/noSuchCollection0000").then().statusCode(404).body("error.code", equalTo(404));

        as(owner.token()).body(json("title", "Renamed", "description", "d".repeat(100), "defaultLevel", "read")).patch(path)
                .then().statusCode(200).body("title", equalTo("Renamed")).body("description", equalTo("d".repeat(100)))
                .body("defaultLevel", equalTo("read")).body("id", equalTo(id));
        api(owner.token()).get(path).then().body("title", equalTo("Renamed")).body("defaultLevel", equalTo("read"));
        // absent fields stay; null clears the description; "inherit" and null both mean "no level of its own"
        as(owner.token()).body(json("defaultLevel", "inherit")).patch(path).then().statusCode(200)
                .body("defaultLevel", equalTo("inherit")).body("title", equalTo("Renamed")).body("description", equalTo("d".repeat(100)));
        as(owner.token()).body(json("defaultLevel", "edit")).patch(path).then().body("defaultLevel", equalTo("edit"));
        as(owner.token()).body(json("defaultLevel", null, "description", null)).patch(path).then().statusCode(200)
                .body("defaultLevel", equalTo("inherit")).body("$", not(hasKey("description")));

        as(owner.token()).body(json("description", "d".repeat(101))).patch(path)
                .then().statusCode(400).body("error.message", containsString("description"));
        as(owner.token()).body(json("title", "x".repeat(51))).patch(path).then().statusCode(400).body("error.message", containsString("title"));
        as(owner.token()).body(json("title", null)).patch(path).then().statusCode(400).body("error.message", containsString("title"));
        as(owner.token()).body(json("title", "   ")).patch(path).then().statusCode(400).body("error.message", containsString("title"));
        as(owner.token()).body(json("defaultLevel", "boss")).patch(path).then().statusCode(400).body("error.message", containsString("defaultLevel"));
        as(owner.token()).body(json("defaultLevel", 3)).patch(path).then().statusCode(400).body("error.message", containsString("defaultLevel"));
        as(owner.token()).body("[1]").patch(path).then().statusCode(400);
        as(owner.token()).body("{\"title\"").patch(path).then().statusCode(400);
        api(owner.token()).get(path).then().body("title", equalTo("Renamed"));
        as(owner.token()).body(json("title", "Nope")).patch("/v1/collections/noSuchCollection0000").then().statusCode(404);
    }

    @Test
    void deleteRemovesSubCollectionsAndSoftDeletesTheSpacesInside() {
        String top = createCollection(owner.token(), org, null, "Doomed");
        String sub = createCollection(owner.token(), org, top, "Doomed inside");
        String direct = createSpace(owner.token(), org, json("title", "Direct", "parent", top, "visibility", "in-collection"));
        String deep = createSpace(owner.token(), org, json("title", "Deep", "parent", sub));
        String outside = createSpace(owner.token(), org, json("title", "Outside"));

        api(owner.token()).delete("/v1/collections/" + top).then().statusCode(204);
        api(owner.token()).delete("/v1/collections/" + top).then().statusCode(204);
        api(owner.token()).delete("/v1/collections/noSuchCollection0000").then().statusCode(204);

        api(owner.token()).get("/v1/collections/" + top).then().statusCode(404);
        api(owner.token()).get("/v1/collections/" + sub).then().statusCode(404);
        api(owner.token()).get("/v1/collections/" + sub + "/spaces").then().statusCode(404);
        assertTrue(ids(api(owner.token()).get("/v1/orgs/" + org + "/collections")).stream().noneMatch(List.of(top, sub)::contains));
        api(owner.token()).get("/v1/spaces/" + direct).then().statusCode(404);
        api(owner.token()).get("/v1/spaces/" + deep).then().statusCode(404);
        api(owner.token()).get("/v1/spaces/" + outside).then().statusCode(200);
        List<String> listed = ids(api(owner.token()).get("/v1/orgs/" + org + "/spaces?limit=1000"));
        assertTrue(listed.contains(outside) && !listed.contains(direct) && !listed.contains(deep), listed.toString());

        // their collection is gone: they come back at the root, and in-collection visibility cannot stay
        api(owner.token()).post("/v1/spaces/" + direct + "/restore").then().statusCode(200)
                .body("id", equalTo(direct)).body("$", not(hasKey("parent"))).body("$", not(hasKey("deletedAt")))
                .body("visibility", equalTo("private")).body("organization", equalTo(org));
        api(owner.token()).post("/v1/spaces/" + deep + "/restore").then().statusCode(200)
                .body("$", not(hasKey("parent"))).body("visibility", equalTo("private"));
        api(owner.token()).get("/v1/spaces/" + deep).then().statusCode(200).body("$", not(hasKey("parent")));
        listed = ids(api(owner.token()).get("/v1/orgs/" + org + "/spaces?limit=1000"));
        assertTrue(listed.containsAll(List.of(direct, deep)), listed.toString());
    }

    @Test
    void listsItsSpacesInPositionOrder() {
        String shelf = createCollection(owner.token(), org, null, "Shelf");
        String path = "/v1/collections/" + shelf + "/spaces";
        api(owner.token()).get(path).then().statusCode(200).body("items", empty()).body("count", equalTo(0));
        String s1 = createSpace(owner.token(), org, json("title", "One", "parent", shelf));
        String s2 = createSpace(owner.token(), org, json("title", "Two", "parent", shelf));
        String s3 = createSpace(owner.token(), org, json("title", "Three", "parent", shelf));
        createSpace(owner.token(), org, json("title", "At the root"));
        createCollection(owner.token(), org, shelf, "A collection is not a space");

        Response initial = api(owner.token()).get(path);
        initial.then().statusCode(200).body("count", equalTo(3)).body("items.object", everyItem(equalTo("space")))
                .body("items.parent", everyItem(equalTo(shelf)));
        List<String> order = ids(initial);
        assertEquals(new HashSet<>(List.of(s1, s2, s3)), new HashSet<>(order));

        // whatever the initial order, these two moves give a known one
        String a = order.get(0), b = order.get(1), c = order.get(2);
        as(owner.token()).body(json("position", json("before", spacePointer(a)))).post("/v1/spaces/" + c + "/move")
                .then().statusCode(200);
        assertEquals(List.of(c, a, b), ids(api(owner.token()).get(path)));
        as(owner.token()).body(json("position", json("after", spacePointer(b)))).post("/v1/spaces/" + a + "/move")
                .then().statusCode(200);
        assertEquals(List.of(c, b, a), ids(api(owner.token()).get(path)));
        Response page = api(owner.token()).get(path + "?limit=2");
        page.then().body("count", equalTo(3)).body("next.page", notNullValue());
        assertEquals(List.of(c, b), ids(page));
        assertEquals(List.of(a), ids(api(owner.token()).queryParam("page", page.<String>path("next.page")).get(path + "?limit=2")));
        api(owner.token()).get("/v1/collections/noSuchCollection0000/spaces").then().statusCode(404);
    }

    @Test
    void moveChecksTheTargetThePositionAndNoOps() {
        String a = createCollection(owner.token(), org, null, "Move A");
        String b = createCollection(owner.token(), org, null, "Move B");
        String a1 = createCollection(owner.token(), org, a, "Move A1");
        String a1x = createCollection(owner.token(), org, a1, "Move A1x");
        String rootSpace = createSpace(owner.token(), org, json("title", "Root neighbour"));

        as(owner.token()).body(json("parent", null)).post("/v1/collections/" + a1 + "/move").then().statusCode(200)
                .body("id", equalTo(a1)).body("$", not(hasKey("parent"))).body("object", equalTo("collection"));
        api(owner.token()).get("/v1/collections/" + a1).then().body("$", not(hasKey("parent")));
        as(owner.token()).body(json("parent", b)).post("/v1/collections/" + a1 + "/move").then().statusCode(200)
                .body("parent", equalTo(b));
        // the sub-tree follows: a1x is still inside a1
        api(owner.token()).get("/v1/collections/" + a1x).then().statusCode(200).body("parent", equalTo(a1));
        as(owner.token()).body(json("parent", b)).post("/v1/collections/" + a1 + "/move").then().statusCode(409)
                .body("error.code", equalTo(409));

        // never under itself or one of its descendants
        as(owner.token()).body(json("parent", b)).post("/v1/collections/" + b + "/move").then().statusCode(400)
                .body("error.message", containsString("parent"));
        as(owner.token()).body(json("parent", a1)).post("/v1/collections/" + b + "/move").then().statusCode(400);
        as(owner.token()).body(json("parent", a1x)).post("/v1/collections/" + b + "/move").then().statusCode(400);

        as(owner.token()).body("{}").post("/v1/collections/" + a + "/move").then().statusCode(400);
        as(owner.token()).body(json("parent", "noSuchCollection0000")).post("/v1/collections/" + a + "/move").then().statusCode(404);
        as(owner.token()).body(json("parent", 7)).post("/v1/collections/" + a + "/move").then().statusCode(400)
                .body("error.message", containsString("parent"));
        String foreign = createCollection(owner.token(), Stack.newOrg(owner), null, "Other org");
        as(owner.token()).body(json("parent", foreign)).post("/v1/collections/" + a + "/move").then().statusCode(400);
        as(owner.token()).body(json("parent", null)).post("/v1/collections/noSuchCollection0000/move").then().statusCode(404);

        // positions among the root items (collections and spaces together); a repeated move changes nothing: 409
        int first = as(owner.token()).body(json("position", json("after", collectionPointer(b))))
                .post("/v1/collections/" + a + "/move").then().extract().statusCode();
        assertTrue(first == 200 || first == 409, "status " + first);
        as(owner.token()).body(json("position", json("after", collectionPointer(b)))).post("/v1/collections/" + a + "/move")
                .then().statusCode(409);
        as(owner.token()).body(json("position", json("before", collectionPointer(b)))).post("/v1/collections/" + a + "/move")
                .then().statusCode(200).body("$", not(hasKey("parent")));
        as(owner.token()).body(json("position", json("before", collectionPointer(b)))).post("/v1/collections/" + a + "/move")
                .then().statusCode(409);
        as(owner.token()).body(json("position", json("before", spacePointer(rootSpace)))).post("/v1/collections/" + a + "/move")
                .then().statusCode(200);
        // a pointer that is not a sibling in the target parent, or not a pointer at all
        as(owner.token()).body(json("position", json("before", collectionPointer(a1x)))).post("/v1/collections/" + a + "/move")
                .then().statusCode(400).body("error.message", containsString("position"));
        as(owner.token()).body(json("parent", b, "position", json("after", spacePointer(rootSpace))))
                .post("/v1/collections/" + a + "/move").then().statusCode(400);
        as(owner.token()).body(json("position", json("before", collectionPointer("noSuchCollection0000"))))
                .post("/v1/collections/" + a + "/move").then().statusCode(400);
        as(owner.token()).body(json("position", json("before", json("type", "page", "page", b))))
                .post("/v1/collections/" + a + "/move").then().statusCode(400);
        as(owner.token()).body(json("position", List.of())).post("/v1/collections/" + a + "/move").then().statusCode(400)
                .body("error.message", containsString("position"));
        // parent and position together: under b, right before a1
        as(owner.token()).body(json("parent", b, "position", json("before", collectionPointer(a1))))
                .post("/v1/collections/" + a + "/move").then().statusCode(200).body("parent", equalTo(b));
        as(owner.token()).body(json("position", json("before", collectionPointer(a1))))
                .post("/v1/collections/" + a + "/move").then().statusCode(409);
    }

    @Test
    void transferCarriesSubCollectionsAndSpacesToAnotherOrganization() {
        String target = Stack.newOrg(owner);
        TestUser member = Stack.newUser("example.com");
        addMember(owner, org, member, "read");
        String top = createCollection(owner.token(), org, null, "Travelling");
        String sub = createCollection(owner.token(), org, top, "Travelling inside");
        String direct = createSpace(owner.token(), org, json("title", "Direct", "parent", top));
        String deep = createSpace(owner.token(), org, json("title", "Deep", "parent", sub));
        String deleted = createSpace(owner.token(), org, json("title", "Deleted", "parent", top));
        api(owner.token()).delete("/v1/spaces/" + deleted).then().statusCode(204);
        as(owner.token()).body(json("role", "edit")).patch("/v1/collections/" + top + "/permissions/users/" + member.id())
                .then().statusCode(204);
        as(owner.token()).body(json("role", "edit")).patch("/v1/spaces/" + direct + "/permissions/users/" + member.id())
                .then().statusCode(204);
        api(member.token()).get("/v1/spaces/" + direct).then().statusCode(200);

        as(owner.token()).body(json("organization", target)).post("/v1/collections/" + top + "/transfer").then().statusCode(200)
                .body("object", equalTo("collection")).body("id", equalTo(top)).body("organization", equalTo(target))
                .body("$", not(hasKey("parent")));
        api(owner.token()).get("/v1/collections/" + sub).then().statusCode(200)
                .body("organization", equalTo(target)).body("parent", equalTo(top));
        api(owner.token()).get("/v1/spaces/" + direct).then().statusCode(200)
                .body("organization", equalTo(target)).body("parent", equalTo(top));
        api(owner.token()).get("/v1/spaces/" + deep).then().statusCode(200)
                .body("organization", equalTo(target)).body("parent", equalTo(sub));
        api(owner.token()).post("/v1/spaces/" + deleted + "/restore").then().statusCode(200)
                .body("organization", equalTo(target)).body("parent", equalTo(top));

        List<String> sourceSpaces = ids(api(owner.token()).get("/v1/orgs/" + org + "/spaces?limit=1000"));
        assertTrue(sourceSpaces.stream().noneMatch(List.of(direct, deep, deleted)::contains), sourceSpaces.toString());
        assertTrue(ids(api(owner.token()).get("/v1/orgs/" + target + "/spaces")).containsAll(List.of(direct, deep, deleted)));
        assertTrue(ids(api(owner.token()).get("/v1/orgs/" + org + "/collections?limit=1000")).stream().noneMatch(List.of(top, sub)::contains));
        assertEquals(List.of(top, sub), ids(api(owner.token()).get("/v1/orgs/" + target + "/collections")));

        // grants belong to the old organization's members: dropped
        api(owner.token()).get("/v1/collections/" + top + "/permissions/users").then().statusCode(200).body("items", empty());
        api(owner.token()).get("/v1/spaces/" + direct + "/permissions/users").then().statusCode(200).body("items", empty());
        api(member.token()).get("/v1/spaces/" + direct).then().statusCode(404);

        as(owner.token()).body(json("organization", target)).post("/v1/collections/" + top + "/transfer").then().statusCode(409);
        // a sub-collection leaves its parent: a root collection in the target
        as(owner.token()).body(json("organization", org)).post("/v1/collections/" + sub + "/transfer").then().statusCode(200)
                .body("organization", equalTo(org)).body("$", not(hasKey("parent")));
        api(owner.token()).get("/v1/spaces/" + deep).then().body("organization", equalTo(org)).body("parent", equalTo(sub));
    }

    @Test
    void transferNeedsAdminRightsInTheTarget() {
        String c = createCollection(owner.token(), org, null, "Stays");
        String path = "/v1/collections/" + c + "/transfer";
        TestUser stranger = Stack.newUser("example.com");
        String strangersOrg = Stack.newOrg(stranger);
        String memberOnly = Stack.newOrg(stranger);
        addMember(stranger, memberOnly, owner, "edit");

        as(owner.token()).body(json("organization", memberOnly)).post(path).then().statusCode(403).body("error.code", equalTo(403));
        as(owner.token()).body(json("organization", strangersOrg)).post(path).then().statusCode(404);
        as(owner.token()).body(json("organization", "noSuchOrganization00")).post(path).then().statusCode(404);
        as(owner.token()).body(json("organization", org)).post(path).then().statusCode(409);
        as(owner.token()).body("{}").post(path).then().statusCode(400).body("error.message", containsString("organization"));
        as(owner.token()).body(json("organization", 5)).post(path).then().statusCode(400).body("error.message", containsString("organization"));
        as(owner.token()).body(json("organization", org)).post("/v1/collections/noSuchCollection0000/transfer").then().statusCode(404);
        api(owner.token()).get("/v1/collections/" + c).then().statusCode(200).body("organization", equalTo(org));
    }
}
