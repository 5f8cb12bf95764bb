package io.bindery.e2e;

import io.bindery.e2e.Stack.TestUser;
import io.restassured.response.Response;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

import static io.bindery.e2e.ContentFixtures.addMember;
import static io.bindery.e2e.ContentFixtures.as;
import static io.bindery.e2e.ContentFixtures.createCollection;
import static io.bindery.e2e.ContentFixtures.createSpace;
import static io.bindery.e2e.ContentFixtures.ids;
import static io.bindery.e2e.ContentFixtures.json;
import static io.bindery.e2e.E2EFixtures.COLLECTION_PERMISSIONS;
import static io.bindery.e2e.E2EFixtures.SPACE_PERMISSIONS;
import static io.bindery.e2e.E2EFixtures.assertPermissions;
import static io.bindery.e2e.E2EFixtures.eventually;
import static io.bindery.e2e.Stack.api;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Who may do what on collections and spaces: member roles, default levels, per-user grants (and their
 * endpoints), guests, missing tokens and another organization's administrator. AccessRuleE2ETest walks the
 * rule itself (own role, default levels, guests, the organization's defaultRole); TeamGrantsE2ETest the teams.
 */
class ContentPermissionsE2ETest {
    static TestUser owner;
    static String org;
    /**
     * Members with org role read: read wherever nothing else applies, and whatever their grant says where they have
     * one (a grant comes before default levels and the member's own role).
     */
    static TestUser reader, commenter, editor, reviewer, creator, boss;

    @BeforeAll
    static void organization() {
        owner = Stack.newUser("example.com");
        org = Stack.newOrg(owner);
        reader = member("read");
        commenter = member("read");
        editor = member("read");
        reviewer = member("read");
        creator = member("read");
        boss = member("read");
    }

    static TestUser member(String role) {
        TestUser u = Stack.newUser("example.com");
        addMember(owner, org, u, role);
        return u;
    }

    static void grantSpace(String space, TestUser user, String role) {
        as(owner.token()).body(json("role", role)).patch("/v1/spaces/" + space + "/permissions/users/" + user.id())
                .then().statusCode(204);
    }

    static void grantCollection(String collection, TestUser user, String role) {
        as(owner.token()).body(json("role", role)).patch("/v1/collections/" + collection + "/permissions/users/" + user.id())
                .then().statusCode(204);
    }

    @Test
    void spacePermissionsFollowTheRole() {
        String s = createSpace(owner.token(), org, json("title", "Roles"));
        grantSpace(s, reader, "read");
        grantSpace(s, commenter, "comment");
        grantSpace(s, editor, "edit");
        grantSpace(s, reviewer, "review");
        grantSpace(s, creator, "create");
        grantSpace(s, boss, "admin");
        String path = "/v1/spaces/" + s;
        assertPermissions(reader.token(), path, SPACE_PERMISSIONS, "view", "access");
        assertPermissions(commenter.token(), path, SPACE_PERMISSIONS, "view", "access", "comment");
        assertPermissions(editor.token(), path, SPACE_PERMISSIONS, "view", "access", "comment", "edit");
        assertPermissions(reviewer.token(), path, SPACE_PERMISSIONS, "view", "access", "comment", "edit", "review", "merge");
        assertPermissions(creator.token(), path, SPACE_PERMISSIONS, "view", "access", "comment", "edit", "review", "merge");
        assertPermissions(boss.token(), path, SPACE_PERMISSIONS, SPACE_PERMISSIONS.toArray(String[]::new));
        assertPermissions(owner.token(), path, SPACE_PERMISSIONS, SPACE_PERMISSIONS.toArray(String[]::new));

        // locked: nobody edits or merges, whatever the role
        as(owner.token()).body(json("editMode", "locked")).patch(path).then().statusCode(200);
        assertPermissions(editor.token(), path, SPACE_PERMISSIONS, "view", "access", "comment");
        assertPermissions(reviewer.token(), path, SPACE_PERMISSIONS, "view", "access", "comment", "review");
        assertPermissions(boss.token(), path, SPACE_PERMISSIONS,
                "view", "access", "admin", "viewInviteLinks", "triggerGitSync", "comment", "review", "installIntegration");

        // lists compute the same object per caller
        Response listed = api(reviewer.token()).get("/v1/orgs/" + org + "/spaces?limit=1000");
        assertEquals(Boolean.FALSE, listed.path("items.find { it.id == '" + s + "' }.permissions.merge"));
        assertEquals(Boolean.TRUE, listed.path("items.find { it.id == '" + s + "' }.permissions.review"));
    }

    @Test
    void collectionPermissionsFollowTheRole() {
        String c = createCollection(owner.token(), org, null, "Collection roles");
        grantCollection(c, reader, "read");
        grantCollection(c, reviewer, "review");
        grantCollection(c, creator, "create");
        grantCollection(c, boss, "admin");
        String path = "/v1/collections/" + c;
        assertPermissions(reader.token(), path, COLLECTION_PERMISSIONS, "view");
        assertPermissions(reviewer.token(), path, COLLECTION_PERMISSIONS, "view");
        assertPermissions(creator.token(), path, COLLECTION_PERMISSIONS, "view", "create");
        assertPermissions(boss.token(), path, COLLECTION_PERMISSIONS, "view", "create", "admin", "viewInviteLinks");
        assertPermissions(owner.token(), path, COLLECTION_PERMISSIONS, "view", "create", "admin", "viewInviteLinks");
        // no grant: the member's own role (read)
        assertPermissions(editor.token(), path, COLLECTION_PERMISSIONS, "view");
        api(member(null).token()).get(path).then().statusCode(404);
    }

    @Test
    void defaultLevelsReachMembersButNotGuests() {
        TestUser plain = member("edit");
        TestUser guest = member(null);
        String noLevel = createSpace(owner.token(), org, json("title", "No level"));
        String commentable = createSpace(owner.token(), org, json("title", "Commentable"));
        as(owner.token()).body(json("defaultLevel", "comment")).patch("/v1/spaces/" + commentable).then().statusCode(200);
        String c = createCollection(owner.token(), org, null, "Editable");
        as(owner.token()).body(json("defaultLevel", "edit")).patch("/v1/collections/" + c).then().statusCode(200);
        String inherits = createSpace(owner.token(), org, json("title", "Inherits", "parent", c));
        String ownLevel = createSpace(owner.token(), org, json("title", "Own level", "parent", c));
        as(owner.token()).body(json("defaultLevel", "read")).patch("/v1/spaces/" + ownLevel).then().statusCode(200);
        String c1 = createCollection(owner.token(), org, c, "Inherits too");
        String deepInherits = createSpace(owner.token(), org, json("title", "Deep", "parent", c1));
        String c2 = createCollection(owner.token(), org, c, "Reviewable");
        as(owner.token()).body(json("defaultLevel", "review")).patch("/v1/collections/" + c2).then().statusCode(200);
        String nearest = createSpace(owner.token(), org, json("title", "Nearest", "parent", c2));
        String lowered = createSpace(owner.token(), org, json("title", "Lowered", "parent", c));
        grantSpace(lowered, plain, "read");

        // no level anywhere: the member's own role
        assertPermissions(plain.token(), "/v1/spaces/" + noLevel, SPACE_PERMISSIONS, "view", "access", "comment", "edit");
        assertPermissions(plain.token(), "/v1/spaces/" + commentable, SPACE_PERMISSIONS, "view", "access", "comment");
        assertPermissions(plain.token(), "/v1/spaces/" + inherits, SPACE_PERMISSIONS, "view", "access", "comment", "edit");
        assertPermissions(plain.token(), "/v1/spaces/" + ownLevel, SPACE_PERMISSIONS, "view", "access");
        assertPermissions(plain.token(), "/v1/spaces/" + deepInherits, SPACE_PERMISSIONS, "view", "access", "comment", "edit");
        assertPermissions(plain.token(), "/v1/spaces/" + nearest, SPACE_PERMISSIONS, "view", "access", "comment", "edit", "review", "merge");
        assertPermissions(plain.token(), "/v1/spaces/" + lowered, SPACE_PERMISSIONS, "view", "access");
        assertPermissions(plain.token(), "/v1/collections/" + c, COLLECTION_PERMISSIONS, "view");
        assertPermissions(plain.token(), "/v1/collections/" + c1, COLLECTION_PERMISSIONS, "view");

        List<String> listed = ids(api(plain.token()).get("/v1/orgs/" + org + "/spaces?limit=1000"));
        assertTrue(listed.containsAll(List.of(noLevel, commentable, inherits, ownLevel, deepInherits, nearest, lowered)),
                listed.toString());
        List<String> inC = ids(api(plain.token()).get("/v1/collections/" + c + "/spaces"));
        assertEquals(Set.of(inherits, ownLevel, lowered), Set.copyOf(inC));

        for (String s : List.of(noLevel, commentable, inherits, ownLevel, deepInherits, nearest, lowered)) {
            api(guest.token()).get("/v1/spaces/" + s).then().statusCode(404);
        }
        api(guest.token()).get("/v1/collections/" + c).then().statusCode(404);
    }

    @Test
    void theMembersOwnRoleReachesContentWithoutAnyOtherLevelAndTheOrganizationsDefaultRoleDoesNot() {
        TestUser admin = Stack.newUser("example.com");
        String fresh = Stack.newOrg(admin);
        TestUser m = Stack.newUser("example.com");
        TestUser guest = Stack.newUser("example.com");
        addMember(admin, fresh, m, "read");
        addMember(admin, fresh, guest, null);
        String s = createSpace(admin.token(), fresh, json("title", "Members'"));
        String c = createCollection(admin.token(), fresh, null, "Members' collection");
        assertPermissions(m.token(), "/v1/spaces/" + s, SPACE_PERMISSIONS, "view", "access");
        assertPermissions(m.token(), "/v1/collections/" + c, COLLECTION_PERMISSIONS, "view");
        api(guest.token()).get("/v1/spaces/" + s).then().statusCode(404);
        api(guest.token()).get("/v1/collections/" + c).then().statusCode(404);

        // the organization's defaultRole is only what new members get: neither raising nor clearing it changes m
        for (String defaultRole : new String[]{"comment", null}) {
            as(admin.token()).body(json("defaultRole", defaultRole)).patch("/v1/orgs/" + fresh).then().statusCode(200);
            await().during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(3)).pollInterval(Duration.ofMillis(200))
                    .untilAsserted(() -> {
                        assertPermissions(m.token(), "/v1/spaces/" + s, SPACE_PERMISSIONS, "view", "access");
                        api(guest.token()).get("/v1/spaces/" + s).then().statusCode(404);
                    });
        }
        // the member's own role does; identity's change reaches content-service through Kafka
        as(admin.token()).body(json("role", "comment")).patch("/v1/orgs/" + fresh + "/members/" + m.id()).then().statusCode(200);
        eventually(() -> assertPermissions(m.token(), "/v1/spaces/" + s, SPACE_PERMISSIONS, "view", "access", "comment"));
        as(admin.token()).body(json("role", null)).patch("/v1/orgs/" + fresh + "/members/" + m.id()).then().statusCode(200);
        eventually(() -> api(m.token()).get("/v1/spaces/" + s).then().statusCode(404));
        api(m.token()).get("/v1/collections/" + c).then().statusCode(404);
    }

    @Test
    void guestsSeeOnlyWhatIsGrantedToThem() {
        TestUser admin = Stack.newUser("example.com");
        String fresh = Stack.newOrg(admin);
        TestUser guest = Stack.newUser("example.com");
        addMember(admin, fresh, guest, null);
        String open = createSpace(admin.token(), fresh, json("title", "Open to members"));
        as(admin.token()).body(json("defaultLevel", "edit")).patch("/v1/spaces/" + open).then().statusCode(200);
        String granted = createSpace(admin.token(), fresh, json("title", "Granted"));
        as(admin.token()).body(json("role", "read")).patch("/v1/spaces/" + granted + "/permissions/users/" + guest.id())
                .then().statusCode(204);
        String c = createCollection(admin.token(), fresh, null, "Granted collection");
        as(admin.token()).body(json("role", "comment")).patch("/v1/collections/" + c + "/permissions/users/" + guest.id())
                .then().statusCode(204);
        String inC = createSpace(admin.token(), fresh, json("title", "In it", "parent", c));
        String d = createCollection(admin.token(), fresh, c, "Inside the granted one");
        String inD = createSpace(admin.token(), fresh, json("title", "Deeper", "parent", d));
        String e = createCollection(admin.token(), fresh, null, "Readable by members");
        as(admin.token()).body(json("defaultLevel", "read")).patch("/v1/collections/" + e).then().statusCode(200);
        String inE = createSpace(admin.token(), fresh, json("title", "Not for guests", "parent", e));

        api(guest.token()).get("/v1/spaces/" + open).then().statusCode(404);
        api(guest.token()).get("/v1/spaces/" + inE).then().statusCode(404);
        api(guest.token()).get("/v1/collections/" + e).then().statusCode(404);
        assertPermissions(guest.token(), "/v1/spaces/" + granted, SPACE_PERMISSIONS, "view", "access");
        assertPermissions(guest.token(), "/v1/spaces/" + inC, SPACE_PERMISSIONS, "view", "access", "comment");
        assertPermissions(guest.token(), "/v1/spaces/" + inD, SPACE_PERMISSIONS, "view", "access", "comment");
        assertPermissions(guest.token(), "/v1/collections/" + d, COLLECTION_PERMISSIONS, "view");

        Response spaces = api(guest.token()).get("/v1/orgs/" + fresh + "/spaces");
        spaces.then().statusCode(200).body("count", equalTo(3));
        assertEquals(Set.of(granted, inC, inD), Set.copyOf(ids(spaces)));
        Response collections = api(guest.token()).get("/v1/orgs/" + fresh + "/collections");
        collections.then().statusCode(200).body("count", equalTo(2));
        assertEquals(Set.of(c, d), Set.copyOf(ids(collections)));
        assertEquals(List.of(c), ids(api(guest.token()).get("/v1/orgs/" + fresh + "/collections?nested=false")));
        as(guest.token()).body(json("title", "Mine")).post("/v1/orgs/" + fresh + "/spaces").then().statusCode(403);
        as(guest.token()).body(json("title", "Mine")).post("/v1/orgs/" + fresh + "/collections").then().statusCode(403);
    }

    @Test
    void aGrantOnACollectionReachesEverythingInside() {
        TestUser m = member("read");
        String c = createCollection(owner.token(), org, null, "Granted tree");
        String c1 = createCollection(owner.token(), org, c, "Granted subtree");
        String s1 = createSpace(owner.token(), org, json("title", "Top", "parent", c));
        String s2 = createSpace(owner.token(), org, json("title", "Below", "parent", c1));
        String outside = createSpace(owner.token(), org, json("title", "Outside"));
        grantCollection(c, m, "edit");

        assertPermissions(m.token(), "/v1/spaces/" + s1, SPACE_PERMISSIONS, "view", "access", "comment", "edit");
        assertPermissions(m.token(), "/v1/spaces/" + s2, SPACE_PERMISSIONS, "view", "access", "comment", "edit");
        assertPermissions(m.token(), "/v1/collections/" + c1, COLLECTION_PERMISSIONS, "view");
        // outside the tree: the member's own role
        assertPermissions(m.token(), "/v1/spaces/" + outside, SPACE_PERMISSIONS, "view", "access");
        // grants on the space and on every collection around it: the highest wins, a lower one takes nothing away
        grantSpace(s2, m, "read");
        assertPermissions(m.token(), "/v1/spaces/" + s2, SPACE_PERMISSIONS, "view", "access", "comment", "edit");
        grantCollection(c1, m, "admin");
        assertPermissions(m.token(), "/v1/spaces/" + s2, SPACE_PERMISSIONS, SPACE_PERMISSIONS.toArray(String[]::new));
        grantSpace(s1, m, "review");
        assertPermissions(m.token(), "/v1/spaces/" + s1, SPACE_PERMISSIONS, "view", "access", "comment", "edit", "review", "merge");
        String s3 = createSpace(owner.token(), org, json("title", "Below, later", "parent", c1));
        assertPermissions(m.token(), "/v1/spaces/" + s3, SPACE_PERMISSIONS, SPACE_PERMISSIONS.toArray(String[]::new));
        assertPermissions(m.token(), "/v1/collections/" + c1, COLLECTION_PERMISSIONS, "view", "create", "admin", "viewInviteLinks");
        assertPermissions(m.token(), "/v1/collections/" + c, COLLECTION_PERMISSIONS, "view");
    }

    @Test
    void readersCannotChangeThingsAndAdminGranteesCan() {
        String s = createSpace(owner.token(), org, json("title", "Guarded"));
        String k = createCollection(owner.token(), org, null, "Guarded collection");
        String target = createCollection(owner.token(), org, null, "Move target");
        TestUser r = member("read");
        TestUser a = member("read");
        TestUser other = member("read");
        grantSpace(s, r, "read");
        grantSpace(s, a, "admin");
        grantCollection(k, r, "read");
        grantCollection(k, a, "admin");
        grantCollection(target, a, "edit");
        grantCollection(target, r, "read"); // r sees the target: refusals below are about rights, not visibility
        String sp = "/v1/spaces/" + s;
        String kp = "/v1/collections/" + k;

        for (Response denied : List.of(
                as(r.token()).body(json("title", "Mine now")).patch(sp),
                api(r.token()).delete(sp),
                api(r.token()).post(sp + "/restore"),
                api(r.token()).post(sp + "/duplicate"),
                as(r.token()).body(json("parent", target)).post(sp + "/move"),
                as(r.token()).body(json("organization", Stack.newOrg(r))).post(sp + "/transfer"),
                as(r.token()).body(json("role", "admin")).patch(sp + "/permissions/users/" + other.id()),
                api(r.token()).delete(sp + "/permissions/users/" + a.id()),
                as(r.token()).body(json("title", "Mine now")).patch(kp),
                api(r.token()).delete(kp),
                as(r.token()).body(json("parent", target)).post(kp + "/move"),
                as(r.token()).body(json("role", "admin")).patch(kp + "/permissions/users/" + other.id()),
                api(r.token()).delete(kp + "/permissions/users/" + a.id()),
                as(r.token()).body(json("title", "Inside", "parent", k)).post("/v1/orgs/" + org + "/spaces"),
                as(r.token()).body(json("title", "Inside", "parent", k)).post("/v1/orgs/" + org + "/collections"))) {
            denied.then().statusCode(403).body("error.code", equalTo(403));
        }
        api(r.token()).get(sp + "/permissions/users").then().statusCode(200).body("count", equalTo(2));
        api(r.token()).get(kp + "/permissions/users").then().statusCode(200).body("count", equalTo(2));
        api(owner.token()).get(sp).then().body("title", equalTo("Guarded"));

        // an admin grant administers the space and the collection, but creating elsewhere needs the create right there
        as(a.token()).body(json("title", "Renamed by grantee")).patch(sp).then().statusCode(200).body("title", equalTo("Renamed by grantee"))
                .body("permissions.admin", equalTo(true));
        as(a.token()).body(json("description", "by grantee")).patch(kp).then().statusCode(200);
        as(a.token()).body(json("role", "comment")).patch(sp + "/permissions/users/" + other.id()).then().statusCode(204);
        api(a.token()).delete(sp + "/permissions/users/" + other.id()).then().statusCode(204);
        as(a.token()).body(json("parent", target)).post(sp + "/move").then().statusCode(403);
        as(a.token()).body(json("parent", target)).post(kp + "/move").then().statusCode(403);
        grantCollection(target, a, "create");
        as(a.token()).body(json("parent", target)).post(sp + "/move").then().statusCode(200).body("parent", equalTo(target));
        // the root needs the create right of the member role: a is only a reader there
        as(a.token()).body(json("parent", null)).post(sp + "/move").then().statusCode(403);
        as(a.token()).body(json("title", "Inside", "parent", k)).post("/v1/orgs/" + org + "/spaces").then().statusCode(201);
        api(a.token()).delete(sp).then().statusCode(204);
        // a deleted space: 412 for who administers it, 404 for the others (who no longer see it)
        as(a.token()).body(json("parent", k)).post(sp + "/move").then().statusCode(412);
        as(r.token()).body(json("parent", k)).post(sp + "/move").then().statusCode(404);
        api(r.token()).get(sp).then().statusCode(404);
        api(a.token()).post(sp + "/restore").then().statusCode(200).body("id", equalTo(s));
        api(r.token()).get(sp).then().statusCode(200);
        api(a.token()).delete(kp).then().statusCode(204);
        api(owner.token()).get(kp).then().statusCode(404);
    }

    @Test
    void creatingNeedsTheCreateRightAndMakesTheCreatorAdmin() {
        TestUser edits = member("edit");
        TestUser makes = member("create");
        as(edits.token()).body(json("title", "No")).post("/v1/orgs/" + org + "/spaces").then().statusCode(403);
        as(edits.token()).body(json("title", "No")).post("/v1/orgs/" + org + "/collections").then().statusCode(403);

        Response made = as(makes.token()).body(json("title", "Made by a creator")).post("/v1/orgs/" + org + "/spaces");
        made.then().statusCode(201).body("permissions.admin", equalTo(true));
        String s = made.path("id");
        api(owner.token()).get("/v1/spaces/" + s + "/permissions/users").then().statusCode(200)
                .body("items", hasSize(1)).body("items[0].permission", equalTo("admin")).body("items[0].user.id", equalTo(makes.id()));
        Response collection = as(makes.token()).body(json("title", "Made too")).post("/v1/orgs/" + org + "/collections");
        collection.then().statusCode(201).body("permissions.admin", equalTo(true));
        String c = collection.path("id");
        api(owner.token()).get("/v1/collections/" + c + "/permissions/users").then()
                .body("items.permission", contains("admin")).body("items.user.id", contains(makes.id()));
        // an organization admin is admin everywhere already: no grant of its own
        String byOwner = createSpace(owner.token(), org, json("title", "By the owner"));
        api(owner.token()).get("/v1/spaces/" + byOwner + "/permissions/users").then().body("items", empty()).body("count", equalTo(0));

        // inside a collection: the role on that collection decides
        String creatable = createCollection(owner.token(), org, null, "Creatable");
        String editable = createCollection(owner.token(), org, null, "Only editable");
        grantCollection(creatable, edits, "create");
        grantCollection(editable, edits, "edit");
        as(edits.token()).body(json("title", "Yes", "parent", creatable)).post("/v1/orgs/" + org + "/spaces").then().statusCode(201)
                .body("parent", equalTo(creatable)).body("permissions.admin", equalTo(true));
        as(edits.token()).body(json("title", "Yes", "parent", creatable)).post("/v1/orgs/" + org + "/collections").then().statusCode(201);
        as(edits.token()).body(json("title", "No", "parent", editable)).post("/v1/orgs/" + org + "/spaces").then().statusCode(403);
        as(edits.token()).body(json("title", "No", "parent", editable)).post("/v1/orgs/" + org + "/collections").then().statusCode(403);
        // no grant or level of its own there: the member's own role (create) decides
        as(makes.token()).body(json("title", "Yes", "parent", editable)).post("/v1/orgs/" + org + "/spaces").then().statusCode(201)
                .body("parent", equalTo(editable));
        // a parent the caller cannot see does not exist for it
        TestUser guest = member(null);
        as(guest.token()).body(json("title", "No", "parent", editable)).post("/v1/orgs/" + org + "/spaces").then().statusCode(404);
        as(guest.token()).body(json("title", "No", "parent", editable)).post("/v1/orgs/" + org + "/collections").then().statusCode(404);

        // duplicating needs read on the space and the create right where the copy goes
        String readable = createSpace(owner.token(), org, json("title", "Readable"));
        grantSpace(readable, makes, "read");
        grantSpace(readable, edits, "admin");
        api(makes.token()).post("/v1/spaces/" + readable + "/duplicate").then().statusCode(201).body("title", equalTo("Readable (copy)"));
        api(edits.token()).post("/v1/spaces/" + readable + "/duplicate").then().statusCode(403);
    }

    @Test
    void aMemberWhoLeavesLosesAccess() {
        TestUser leaving = member("read");
        String s = createSpace(owner.token(), org, json("title", "Left behind"));
        grantSpace(s, leaving, "edit");
        api(leaving.token()).get("/v1/spaces/" + s).then().statusCode(200);
        api(owner.token()).delete("/v1/orgs/" + org + "/members/" + leaving.id()).then().statusCode(204);
        // identity's member.removed event reaches content-service through Kafka
        eventually(() -> api(leaving.token()).get("/v1/spaces/" + s).then().statusCode(404));
        api(leaving.token()).get("/v1/orgs/" + org + "/spaces").then().statusCode(404);
        as(owner.token()).body(json("role", "read")).patch("/v1/spaces/" + s + "/permissions/users/" + leaving.id())
                .then().statusCode(404);
    }

    @Test
    void grantEndpoints() {
        TestUser m = member("read");
        TestUser guest = member(null);
        TestUser stranger = Stack.newUser("example.com");
        String s = createSpace(owner.token(), org, json("title", "Granting"));
        String c = createCollection(owner.token(), org, null, "Granting collection");
        for (String base : List.of("/v1/spaces/" + s, "/v1/collections/" + c)) {
            String users = base + "/permissions/users";
            api(owner.token()).get(users).then().statusCode(200).body("items", empty()).body("count", equalTo(0));
            as(owner.token()).body(json("role", "edit")).patch(users + "/" + m.id()).then().statusCode(204);
            Response listed = api(owner.token()).get(users);
            listed.then().statusCode(200).body("count", equalTo(1))
                    .body("items[0].permission", equalTo("edit"))
                    .body("items[0].user.object", equalTo("user")).body("items[0].user.id", equalTo(m.id()))
                    .body("items[0].user.displayName", equalTo("User " + m.email()))
                    .body("items[0].user.urls.location", endsWith("/v1/users/" + m.id()));
            as(owner.token()).body(json("role", "review")).patch(users + "/" + m.id()).then().statusCode(204);
            as(owner.token()).body(json("role", "read")).patch(users + "/" + guest.id()).then().statusCode(204);
            api(owner.token()).get(users).then().body("count", equalTo(2))
                    .body("items.find { it.user.id == '" + m.id() + "' }.permission", equalTo("review"))
                    .body("items.find { it.user.id == '" + guest.id() + "' }.permission", equalTo("read"));
            Response first = api(owner.token()).get(users + "?limit=1");
            first.then().body("items", hasSize(1)).body("count", equalTo(2)).body("next.page", notNullValue());
            Response second = api(owner.token()).queryParam("page", first.<String>path("next.page")).get(users + "?limit=1");
            second.then().body("items", hasSize(1)).body("$", not(hasKey("next")));
            assertEquals(Set.of(m.id(), guest.id()), Set.of(first.<String>path("items[0].user.id"), second.<String>path("items[0].user.id")));
            api(owner.token()).get(users + "?limit=0").then().statusCode(400);
            api(owner.token()).queryParam("page", "AAAA.BBBB").get(users).then().statusCode(400);

            as(owner.token()).body(json("role", null)).patch(users + "/" + m.id()).then().statusCode(204);
            api(owner.token()).get(users).then().body("items.user.id", contains(guest.id()));
            api(owner.token()).delete(users + "/" + guest.id()).then().statusCode(204);
            api(owner.token()).delete(users + "/" + guest.id()).then().statusCode(204);
            api(owner.token()).delete(users + "/" + m.id()).then().statusCode(204);
            api(owner.token()).get(users).then().body("items", empty()).body("count", equalTo(0));

            as(owner.token()).body(json("role", "read")).patch(users + "/" + stranger.id()).then().statusCode(404);
            as(owner.token()).body(json("role", "read")).patch(users + "/noSuchUser0000000000").then().statusCode(404);
            as(owner.token()).body(json("role", "boss")).patch(users + "/" + m.id()).then().statusCode(400)
                    .body("error.message", containsString("role"));
            as(owner.token()).body(json("role", 4)).patch(users + "/" + m.id()).then().statusCode(400)
                    .body("error.message", containsString("role"));
            as(owner.token()).body("{\"role\":").patch(users + "/" + m.id()).then().statusCode(400);
            api(owner.token()).get(users).then().body("count", equalTo(0));
        }
        for (String base : List.of("/v1/spaces/noSuchSpace000000000", "/v1/collections/noSuchCollection0000")) {
            api(owner.token()).get(base + "/permissions/users").then().statusCode(404);
            as(owner.token()).body(json("role", "read")).patch(base + "/permissions/users/" + m.id()).then().statusCode(404);
        }
    }

    @Test
    void withoutATokenEverythingIs401() {
        String s = createSpace(owner.token(), org, json("title", "Tokenless"));
        String c = createCollection(owner.token(), org, null, "Tokenless");
        List<Supplier<Response>> calls = List.of(
                () -> api().get("/v1/orgs/" + org + "/spaces"),
                () -> api().contentType("application/json").body("{}").post("/v1/orgs/" + org + "/spaces"),
                () -> api().get("/v1/orgs/" + org + "/collections"),
                () -> api().contentType("application/json").body("{}").post("/v1/orgs/" + org + "/collections"),
                () -> api().get("/v1/orgs/" + org + "/members/" + owner.id() + "/spaces"),
                () -> api().get("/v1/spaces/" + s),
                () -> api().contentType("application/json").body("{}").patch("/v1/spaces/" + s),
                () -> api().delete("/v1/spaces/" + s),
                () -> api().post("/v1/spaces/" + s + "/restore"),
                () -> api().post("/v1/spaces/" + s + "/duplicate"),
                () -> api().contentType("application/json").body("{\"parent\":null}").post("/v1/spaces/" + s + "/move"),
                () -> api().get("/v1/spaces/" + s + "/permissions/users"),
                () -> api().delete("/v1/spaces/" + s + "/permissions/users/" + reader.id()),
                () -> api().get("/v1/collections/" + c),
                () -> api().delete("/v1/collections/" + c),
                () -> api().get("/v1/collections/" + c + "/spaces"),
                () -> api().contentType("application/json").body("{\"role\":\"read\"}").patch("/v1/collections/" + c + "/permissions/users/" + reader.id()));
        for (Supplier<Response> call : calls) {
            call.get().then().statusCode(401).body("error.code", equalTo(401));
        }
        api("not-a-token").get("/v1/spaces/" + s).then().statusCode(401);
        api(owner.token()).get("/v1/spaces/" + s).then().statusCode(200);
        api(owner.token()).get("/v1/collections/" + c).then().statusCode(200);
    }

    @Test
    void anotherOrganizationsAdminGets404Everywhere() {
        TestUser outsider = Stack.newUser("example.com");
        String outsidersOrg = Stack.newOrg(outsider);
        String outsidersCollection = createCollection(outsider.token(), outsidersOrg, null, "Outsider's");
        String c = createCollection(owner.token(), org, null, "Private matters");
        String s = createSpace(owner.token(), org, json("title", "Private space", "parent", c));
        String deleted = createSpace(owner.token(), org, json("title", "Deleted space"));
        api(owner.token()).delete("/v1/spaces/" + deleted).then().statusCode(204);
        grantSpace(s, reader, "read");
        grantCollection(c, reader, "read");
        String o = "/v1/orgs/" + org;
        String sp = "/v1/spaces/" + s;
        String cp = "/v1/collections/" + c;
        String t = outsider.token();

        List<Supplier<Response>> calls = List.of(
                () -> api(t).get(o + "/collections"),
                () -> as(t).body(json("title", "x")).post(o + "/collections"),
                () -> api(t).get(o + "/spaces"),
                () -> as(t).body(json("title", "x")).post(o + "/spaces"),
                () -> api(t).get(o + "/members/" + owner.id() + "/spaces"),
                () -> api(t).get(o + "/members/" + outsider.id() + "/spaces"),
                () -> api(t).get(cp),
                () -> as(t).body(json("title", "taken")).patch(cp),
                () -> api(t).get(cp + "/spaces"),
                () -> as(t).body(json("parent", null)).post(cp + "/move"),
                () -> as(t).body(json("parent", outsidersCollection)).post(cp + "/move"),
                () -> as(t).body(json("organization", outsidersOrg)).post(cp + "/transfer"),
                () -> api(t).get(cp + "/permissions/users"),
                () -> as(t).body(json("role", "admin")).patch(cp + "/permissions/users/" + reader.id()),
                () -> api(t).get(sp),
                () -> as(t).body(json("title", "taken")).patch(sp),
                () -> api(t).post(sp + "/restore"),
                () -> api(t).post("/v1/spaces/" + deleted + "/restore"),
                () -> api(t).post(sp + "/duplicate"),
                () -> as(t).body(json("parent", null)).post(sp + "/move"),
                () -> as(t).body(json("parent", outsidersCollection)).post(sp + "/move"),
                () -> as(t).body(json("organization", outsidersOrg)).post(sp + "/transfer"),
                () -> as(t).body(json("organization", outsidersOrg)).post("/v1/spaces/" + deleted + "/transfer"),
                () -> api(t).get(sp + "/permissions/users"),
                () -> as(t).body(json("role", "admin")).patch(sp + "/permissions/users/" + reader.id()));
        for (int i = 0; i < calls.size(); i++) {
            Response r = calls.get(i).get();
            assertEquals(404, r.statusCode(), "call #" + i + ": " + r.asString());
            r.then().body("error.code", equalTo(404));
        }
        // deletes answer as for an unknown id (204) or 404, and change nothing
        for (Supplier<Response> delete : List.<Supplier<Response>>of(
                () -> api(t).delete(sp + "/permissions/users/" + reader.id()),
                () -> api(t).delete(cp + "/permissions/users/" + reader.id()),
                () -> api(t).delete(sp),
                () -> api(t).delete(cp))) {
            delete.get().then().statusCode(anyOf(equalTo(204), equalTo(404)));
        }
        api(owner.token()).get(cp).then().statusCode(200).body("title", equalTo("Private matters")).body("organization", equalTo(org));
        api(owner.token()).get(sp).then().statusCode(200).body("title", equalTo("Private space")).body("parent", equalTo(c));
        api(owner.token()).get(sp + "/permissions/users").then().body("items.user.id", contains(reader.id()));
        api(owner.token()).get(cp + "/permissions/users").then().body("items.user.id", contains(reader.id()));
        api(owner.token()).get("/v1/spaces/" + deleted).then().statusCode(404);
        api(owner.token()).post("/v1/spaces/" + deleted + "/restore").then().statusCode(200);
        assertTrue(ids(api(outsider.token()).get("/v1/orgs/" + outsidersOrg + "/spaces")).isEmpty());
    }
}
