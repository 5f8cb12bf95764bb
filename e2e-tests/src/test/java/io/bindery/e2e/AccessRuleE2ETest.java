package io.bindery.e2e;

import io.bindery.e2e.E2EFixtures.TestOrg;
import io.bindery.e2e.Stack.TestUser;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.bindery.e2e.ChangeRequestsE2ETest.createChangeRequest;
import static io.bindery.e2e.ChangeRequestsE2ETest.mergeChangeRequest;
import static io.bindery.e2e.ChangeRequestsE2ETest.newChangeRequest;
import static io.bindery.e2e.ChangeRequestsE2ETest.seedMainThroughReview;
import static io.bindery.e2e.ContentFixtures.as;
import static io.bindery.e2e.ContentFixtures.createCollection;
import static io.bindery.e2e.ContentFixtures.createSpace;
import static io.bindery.e2e.ContentFixtures.ids;
import static io.bindery.e2e.ContentFixtures.json;
import static io.bindery.e2e.ContentFixtures.insertPage;
import static io.bindery.e2e.ContentFixtures.spacePath;
import static io.bindery.e2e.ContentFixtures.uniqueWord;
import static io.bindery.e2e.ContentFixtures.write;
import static io.bindery.e2e.E2EFixtures.COLLECTION_PERMISSIONS;
import static io.bindery.e2e.E2EFixtures.ROLES;
import static io.bindery.e2e.E2EFixtures.assertPermissions;
import static io.bindery.e2e.E2EFixtures.assertSpaceRole;
import static io.bindery.e2e.E2EFixtures.changeRequestWithPage;
import static io.bindery.e2e.E2EFixtures.collectionPath;
import static io.bindery.e2e.E2EFixtures.crPath;
import static io.bindery.e2e.E2EFixtures.eventually;
import static io.bindery.e2e.E2EFixtures.grantUser;
import static io.bindery.e2e.E2EFixtures.join;
import static io.bindery.e2e.E2EFixtures.mainTitles;
import static io.bindery.e2e.E2EFixtures.members;
import static io.bindery.e2e.E2EFixtures.newTestOrg;
import static io.bindery.e2e.E2EFixtures.postComment;
import static io.bindery.e2e.Stack.api;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The access rule of ARCHITECTURE.md ("A caller's role on a space"), end to end: an organization admin is admin;
 * else the highest grant of the caller and its teams; else, for a member, the space's defaultLevel, the nearest
 * collection's, and finally the member's own organization role; a guest sees only what is granted. The
 * organization's defaultRole is only the role of new members: it never decides anyone's access.
 */
class AccessRuleE2ETest {

    static void assertStatus(int expected, Response r, String what) {
        assertEquals(expected, r.statusCode(), what + ": " + r.asString());
        r.then().body("error.code", equalTo(expected));
    }

    /** The member's role on the space as GET /orgs/{o}/members/{u}/spaces states it, asked by {@code token}. */
    static String listedPermission(String token, TestOrg org, TestUser member, String space) {
        Response r = api(token).get(org.path() + "/members/" + member.id() + "/spaces?limit=1000");
        assertEquals(200, r.statusCode(), r.asString());
        return r.path("items.find { it.space.id == '" + space + "' }.permission");
    }

    static void assertCannotWrite(TestUser u, String space, String someonesChangeRequest, String role) {
        assertStatus(403, createChangeRequest(u.token(), space, "subject", "By " + role), role + " opens a change request");
        assertStatus(403, write(u.token(), space, someonesChangeRequest, List.of(insertPage("By " + role, "no\n"))),
                role + " writes content");
        assertStatus(403, mergeChangeRequest(u.token(), space, someonesChangeRequest), role + " merges");
    }

    @Test
    void eachOrganizationRoleIsTheRoleOnASpaceWithDefaultSettings() {
        TestOrg org = newTestOrg();
        String admin = org.admin().token();
        Map<String, TestUser> m = members(org, ROLES.toArray(String[]::new));
        String word = uniqueWord("access");
        String space = createSpace(admin, org.id(), json("title", "Default settings"));
        api(admin).get(spacePath(space)).then().statusCode(200).body("defaultLevel", equalTo("inherit"))
                .body("$", not(hasKey("parent")));
        seedMainThroughReview(admin, space, insertPage("Findable", "# Findable\n\nThe word " + word + " is here.\n"));
        String adminsCr = newChangeRequest(admin, space, "The admin's");

        for (String role : ROLES) {
            TestUser u = m.get(role);
            assertSpaceRole(u.token(), space, role);
            Response listed = api(u.token()).get(org.path() + "/spaces?limit=1000");
            listed.then().statusCode(200);
            assertTrue(ids(listed).contains(space), role + " lists the space: " + ids(listed));
            assertEquals(Boolean.valueOf(!role.equals("read")),
                    listed.path("items.find { it.id == '" + space + "' }.permissions.comment"), role + "'s listed permissions");
            assertEquals(role, listedPermission(u.token(), org, u, space), role + " lists its own spaces");
            assertEquals(role, listedPermission(admin, org, u, space), "the admin lists " + role + "'s spaces");
            eventually(() -> api(u.token()).queryParam("query", word).get(org.path() + "/search").then().statusCode(200)
                    .body("items.id", hasItem(space)));
        }

        // read: reads only
        TestUser reader = m.get("read");
        api(reader.token()).get(spacePath(space) + "/content/pages").then().statusCode(200);
        assertStatus(403, postComment(reader.token(), spacePath(space), "Let me comment"), "read comments on the space");
        assertStatus(403, postComment(reader.token(), crPath(space, adminsCr), "Let me comment"), "read comments on a change request");
        assertCannotWrite(reader, space, adminsCr, "read");

        // comment: comments, writes nothing
        TestUser commenter = m.get("comment");
        postComment(commenter.token(), spacePath(space), "A comment").then().statusCode(200);
        postComment(commenter.token(), crPath(space, adminsCr), "A comment").then().statusCode(200);
        assertCannotWrite(commenter, space, adminsCr, "comment");

        // edit: opens and writes change requests, merges none
        TestUser editor = m.get("edit");
        String editorsCr = changeRequestWithPage(editor.token(), space, "By the editor");
        write(editor.token(), space, adminsCr, List.of(insertPage("Editor in the admin's", "yes\n"))).then().statusCode(200);
        assertStatus(403, mergeChangeRequest(editor.token(), space, editorsCr), "edit merges");

        // review, create, admin: merge
        for (String role : List.of("review", "create", "admin")) {
            TestUser u = m.get(role);
            String cr = changeRequestWithPage(u.token(), space, "By " + role);
            mergeChangeRequest(u.token(), space, cr).then().statusCode(200).body("result", equalTo("merge"));
        }
        mergeChangeRequest(m.get("review").token(), space, editorsCr).then().statusCode(200);
        List<String> main = mainTitles(admin, space);
        assertTrue(main.containsAll(List.of("Findable", "By the editor", "By review", "By create", "By admin")), main.toString());
    }

    @Test
    void aSpaceRestrictedToReadIsReadOnlyForMembersUntilAGrantRestoresEdit() {
        TestOrg org = newTestOrg();
        String admin = org.admin().token();
        Map<String, TestUser> m = members(org, "edit", "review", null);
        TestUser editor = m.get("edit"), reviewer = m.get("review"), guest = m.get("guest");
        String space = createSpace(admin, org.id(), json("title", "Restricted"));
        String unrestricted = createSpace(admin, org.id(), json("title", "Unrestricted"));
        as(admin).body(json("defaultLevel", "read")).patch(spacePath(space)).then().statusCode(200).body("defaultLevel", equalTo("read"));
        String adminsCr = changeRequestWithPage(admin, space, "The admin's page");

        assertSpaceRole(editor.token(), space, "read");
        assertSpaceRole(reviewer.token(), space, "read");
        assertSpaceRole(org.admin().token(), space, "admin");
        assertSpaceRole(editor.token(), unrestricted, "edit");
        assertEquals("read", listedPermission(admin, org, editor, space));
        assertCannotWrite(editor, space, adminsCr, "edit restricted to read");
        assertCannotWrite(reviewer, space, adminsCr, "review restricted to read");
        assertStatus(403, postComment(editor.token(), spacePath(space), "x"), "edit restricted to read comments");
        api(guest.token()).get(spacePath(space)).then().statusCode(404);

        // an explicit grant comes before the default level
        grantUser(admin, spacePath(space), editor.id(), "edit");
        assertSpaceRole(editor.token(), space, "edit");
        assertEquals("edit", listedPermission(admin, org, editor, space));
        String editorsCr = changeRequestWithPage(editor.token(), space, "Editor, granted");
        assertStatus(403, mergeChangeRequest(editor.token(), space, editorsCr), "edit merges");
        assertSpaceRole(reviewer.token(), space, "read");

        // back to inherit: the member's own role again
        as(admin).body(json("defaultLevel", "inherit")).patch(spacePath(space)).then().statusCode(200);
        assertSpaceRole(reviewer.token(), space, "review");
        mergeChangeRequest(reviewer.token(), space, editorsCr).then().statusCode(200);
        mergeChangeRequest(reviewer.token(), space, adminsCr).then().statusCode(200);
        assertTrue(mainTitles(admin, space).containsAll(List.of("Editor, granted", "The admin's page")));
    }

    @Test
    void aCollectionsDefaultLevelReachesTheSpacesThatInheritIt() {
        TestOrg org = newTestOrg();
        String admin = org.admin().token();
        TestUser editor = join(org, "edit");
        TestUser guest = join(org, null);
        String c = createCollection(admin, org.id(), null, "Commentable");
        as(admin).body(json("defaultLevel", "comment")).patch(collectionPath(c)).then().statusCode(200)
                .body("defaultLevel", equalTo("comment"));
        String inherits = createSpace(admin, org.id(), json("title", "Inherits", "parent", c));
        String saysInherit = createSpace(admin, org.id(), json("title", "Says inherit", "parent", c));
        as(admin).body(json("defaultLevel", "inherit")).patch(spacePath(saysInherit)).then().statusCode(200);
        String cleared = createSpace(admin, org.id(), json("title", "Cleared", "parent", c));
        as(admin).body(json("defaultLevel", "edit")).patch(spacePath(cleared)).then().statusCode(200);
        as(admin).body(json("defaultLevel", null)).patch(spacePath(cleared)).then().statusCode(200)
                .body("defaultLevel", equalTo("inherit"));
        String own = createSpace(admin, org.id(), json("title", "Own level", "parent", c));
        as(admin).body(json("defaultLevel", "review")).patch(spacePath(own)).then().statusCode(200);
        String nested = createCollection(admin, org.id(), c, "Nested, inherits");
        String deep = createSpace(admin, org.id(), json("title", "Deep", "parent", nested));
        String nearer = createCollection(admin, org.id(), c, "Nearer, read");
        as(admin).body(json("defaultLevel", "read")).patch(collectionPath(nearer)).then().statusCode(200);
        String near = createSpace(admin, org.id(), json("title", "Near", "parent", nearer));
        String outside = createSpace(admin, org.id(), json("title", "Outside"));

        for (String s : List.of(inherits, saysInherit, cleared, deep)) {
            assertSpaceRole(editor.token(), s, "comment");
        }
        assertSpaceRole(editor.token(), own, "review");
        assertSpaceRole(editor.token(), near, "read");
        assertSpaceRole(editor.token(), outside, "edit");
        assertPermissions(editor.token(), collectionPath(c), COLLECTION_PERMISSIONS, "view");

        // comment means comment: the editor comments but writes nothing in there; in its own-level space it merges
        String adminsCr = newChangeRequest(admin, inherits, "The admin's");
        postComment(editor.token(), spacePath(inherits), "Commenting").then().statusCode(200);
        assertCannotWrite(editor, inherits, adminsCr, "edit under a comment collection");
        String cr = changeRequestWithPage(editor.token(), own, "Reviewed by the editor");
        mergeChangeRequest(editor.token(), own, cr).then().statusCode(200);

        for (String s : List.of(inherits, own, deep, near)) {
            api(guest.token()).get(spacePath(s)).then().statusCode(404);
        }
        api(guest.token()).get(collectionPath(c)).then().statusCode(404);

        // the collection back to inherit: the member's own role reaches what inherits, the nearer level stays
        as(admin).body(json("defaultLevel", "inherit")).patch(collectionPath(c)).then().statusCode(200);
        assertSpaceRole(editor.token(), inherits, "edit");
        assertSpaceRole(editor.token(), deep, "edit");
        assertSpaceRole(editor.token(), near, "read");
        assertSpaceRole(editor.token(), own, "review");
    }

    @Test
    void guestsSeeOnlyWhatIsGrantedToThem() {
        TestOrg org = newTestOrg();
        String admin = org.admin().token();
        TestUser guest = join(org, null);
        TestUser member = join(org, "read");
        String plain = createSpace(admin, org.id(), json("title", "Plain"));
        String wide = createSpace(admin, org.id(), json("title", "Editable by members"));
        as(admin).body(json("defaultLevel", "edit")).patch(spacePath(wide)).then().statusCode(200);
        String c = createCollection(admin, org.id(), null, "Readable by members");
        as(admin).body(json("defaultLevel", "read")).patch(collectionPath(c)).then().statusCode(200);
        String inC = createSpace(admin, org.id(), json("title", "In the collection", "parent", c));

        for (String s : List.of(plain, wide, inC)) {
            api(guest.token()).get(spacePath(s)).then().statusCode(404).body("error.code", equalTo(404));
            api(guest.token()).get(spacePath(s) + "/content/pages").then().statusCode(404);
        }
        api(guest.token()).get(collectionPath(c)).then().statusCode(404);
        api(guest.token()).get(org.path() + "/spaces").then().statusCode(200).body("items", empty()).body("count", equalTo(0));
        api(guest.token()).get(org.path() + "/members/" + guest.id() + "/spaces").then().statusCode(200).body("count", equalTo(0));
        api(admin).get(org.path() + "/members/" + guest.id() + "/spaces").then().statusCode(200).body("count", equalTo(0));
        assertSpaceRole(member.token(), plain, "read");
        assertSpaceRole(member.token(), wide, "edit");

        grantUser(admin, spacePath(plain), guest.id(), "comment");
        assertSpaceRole(guest.token(), plain, "comment");
        postComment(guest.token(), spacePath(plain), "A guest's comment").then().statusCode(200);
        assertStatus(403, createChangeRequest(guest.token(), plain, "subject", "A guest's"), "a commenting guest opens a change request");
        Response listed = api(guest.token()).get(org.path() + "/spaces");
        listed.then().statusCode(200).body("count", equalTo(1));
        assertEquals(List.of(plain), ids(listed));
        api(guest.token()).get(org.path() + "/members/" + guest.id() + "/spaces").then().statusCode(200)
                .body("count", equalTo(1)).body("items[0].space.id", equalTo(plain)).body("items[0].permission", equalTo("comment"));
        api(guest.token()).get(spacePath(wide)).then().statusCode(404);

        grantUser(admin, spacePath(wide), guest.id(), "edit");
        assertSpaceRole(guest.token(), wide, "edit");
        assertEquals(Set.of(plain, wide), Set.copyOf(ids(api(guest.token()).get(org.path() + "/spaces"))));

        api(admin).delete(spacePath(plain) + "/permissions/users/" + guest.id()).then().statusCode(204);
        api(guest.token()).get(spacePath(plain)).then().statusCode(404);
        assertEquals(List.of(wide), ids(api(guest.token()).get(org.path() + "/spaces")));
    }

    @Test
    void theOrganizationsDefaultRoleDoesNotChangeAnExistingMembersAccess() {
        TestOrg org = newTestOrg();
        String admin = org.admin().token();
        TestUser reader = join(org, "read");
        TestUser guest = join(org, null);
        String space = createSpace(admin, org.id(), json("title", "Steady"));
        assertSpaceRole(reader.token(), space, "read");
        api(guest.token()).get(spacePath(space)).then().statusCode(404);

        as(admin).body(json("defaultRole", "edit")).patch(org.path()).then().statusCode(200).body("defaultRole", equalTo("edit"));
        // a member who joins now gets that role, and with it edit on the space
        TestUser newcomer = Stack.newUser("example.com");
        as(admin).body(json("emails", List.of(newcomer.email()))).post(org.path() + "/invites").then().statusCode(200);
        api(admin).get(org.path() + "/members/" + newcomer.id()).then().statusCode(200).body("role", equalTo("edit"));
        eventually(() -> assertSpaceRole(newcomer.token(), space, "edit"));
        // the members already there keep their own role, for as long as one cares to look
        await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(250))
                .untilAsserted(() -> {
                    assertSpaceRole(reader.token(), space, "read");
                    api(guest.token()).get(spacePath(space)).then().statusCode(404);
                });

        as(admin).body(json("defaultRole", null)).patch(org.path()).then().statusCode(200).body("defaultRole", nullValue());
        TestUser late = Stack.newUser("example.com");
        as(admin).body(json("emails", List.of(late.email()))).post(org.path() + "/invites").then().statusCode(200);
        api(admin).get(org.path() + "/members/" + late.id()).then().statusCode(200).body("role", nullValue());
        api(late.token()).get(spacePath(space)).then().statusCode(404);
        await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(250))
                .untilAsserted(() -> {
                    assertSpaceRole(reader.token(), space, "read");
                    assertSpaceRole(newcomer.token(), space, "edit");
                });

        // what does change it: the member's own role
        as(admin).body(json("role", "comment")).patch(org.path() + "/members/" + reader.id()).then().statusCode(200);
        eventually(() -> assertSpaceRole(reader.token(), space, "comment"));
    }
}
