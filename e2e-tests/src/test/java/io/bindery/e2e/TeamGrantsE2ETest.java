package io.bindery.e2e;

import io.bindery.e2e.E2EFixtures.TestOrg;
import io.bindery.e2e.Stack.TestUser;
import io.restassured.response.Response;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;

import static io.bindery.e2e.ChangeRequestsE2ETest.mergeChangeRequest;
import static io.bindery.e2e.ContentFixtures.as;
import static io.bindery.e2e.ContentFixtures.createCollection;
import static io.bindery.e2e.ContentFixtures.createSpace;
import static io.bindery.e2e.ContentFixtures.ids;
import static io.bindery.e2e.ContentFixtures.json;
import static io.bindery.e2e.ContentFixtures.spacePath;
import static io.bindery.e2e.E2EFixtures.COLLECTION_PERMISSIONS;
import static io.bindery.e2e.E2EFixtures.addToTeam;
import static io.bindery.e2e.E2EFixtures.assertPermissions;
import static io.bindery.e2e.E2EFixtures.assertSpaceRole;
import static io.bindery.e2e.E2EFixtures.changeRequestWithPage;
import static io.bindery.e2e.E2EFixtures.collectionPath;
import static io.bindery.e2e.E2EFixtures.createTeam;
import static io.bindery.e2e.E2EFixtures.deleteTeam;
import static io.bindery.e2e.E2EFixtures.grantTeam;
import static io.bindery.e2e.E2EFixtures.grantUser;
import static io.bindery.e2e.E2EFixtures.invite;
import static io.bindery.e2e.E2EFixtures.join;
import static io.bindery.e2e.E2EFixtures.mainTitles;
import static io.bindery.e2e.E2EFixtures.newTestOrg;
import static io.bindery.e2e.E2EFixtures.patchTeamGrant;
import static io.bindery.e2e.E2EFixtures.removeFromTeam;
import static io.bindery.e2e.E2EFixtures.teamsPath;
import static io.bindery.e2e.E2EFixtures.timed;
import static io.bindery.e2e.E2EFixtures.within;
import static io.bindery.e2e.Stack.api;
import static org.hamcrest.Matchers.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * GitBook's team permission endpoints on spaces and collections (GET/PATCH/DELETE …/permissions/teams[/{teamId}],
 * POST …/permissions with teams or users), and what a team grant does: it gives its members (guests too) the
 * role, the highest of a caller's own and its teams' grants wins, a collection's grant reaches its spaces, and
 * leaving the team or deleting it takes the access away within a second. Plus the 400s, 403s, another
 * organization's 404s and the Team/Member `spaces` counters.
 */
class TeamGrantsE2ETest {
    /** Access changes through team membership: the brief is "within a second"; polled for at most 2 s. */
    static final Duration AT_ONCE = Duration.ofSeconds(2);
    /** Counters that follow content's events into identity. */
    static final Duration COUNTERS = Duration.ofSeconds(10);

    static TestOrg org;
    static String admin;

    @BeforeAll
    static void organization() {
        org = newTestOrg();
        admin = org.admin().token();
    }

    static String title(String prefix) {
        return prefix + " " + UUID.randomUUID().toString().substring(0, 6);
    }

    static String teamGrants(String base) {
        return base + "/permissions/teams";
    }

    static void assertStatus(int expected, Response r, String what) {
        assertEquals(expected, r.statusCode(), what + ": " + r.asString());
        r.then().body("error.code", equalTo(expected));
    }

    @Test
    void teamGrantsAreListedUpdatedAndRemovedOnSpacesAndCollections() {
        TestUser a = join(org, "read");
        TestUser b = join(org, null);
        String writers = title("Writers");
        String t1 = createTeam(admin, org.id(), writers, a.id());
        String t2 = createTeam(admin, org.id(), title("Readers"), b.id());
        String space = createSpace(admin, org.id(), json("title", "Team granted"));
        String c = createCollection(admin, org.id(), null, "Team granted");

        for (String base : List.of(spacePath(space), collectionPath(c))) {
            String teams = teamGrants(base);
            api(admin).get(teams).then().statusCode(200).body("items", empty()).body("count", equalTo(0));

            patchTeamGrant(admin, base, t1, "edit").then().statusCode(204);
            api(admin).get(teams).then().statusCode(200).body("count", equalTo(1)).body("items", hasSize(1))
                    .body("items[0].permission", equalTo("edit"))
                    .body("items[0].team.object", equalTo("team")).body("items[0].team.id", equalTo(t1))
                    .body("items[0].team.title", equalTo(writers));
            patchTeamGrant(admin, base, t1, "review").then().statusCode(204);
            api(admin).get(teams).then().body("count", equalTo(1)).body("items[0].permission", equalTo("review"));

            invite(admin, base, json("role", "comment", "teams", List.of(t2))).then().statusCode(204);
            api(admin).get(teams).then().statusCode(200).body("count", equalTo(2))
                    .body("items.find { it.team.id == '" + t1 + "' }.permission", equalTo("review"))
                    .body("items.find { it.team.id == '" + t2 + "' }.permission", equalTo("comment"));
            Response first = api(admin).get(teams + "?limit=1");
            first.then().statusCode(200).body("items", hasSize(1)).body("count", equalTo(2)).body("next.page", notNullValue());
            Response second = api(admin).queryParam("page", first.<String>path("next.page")).get(teams + "?limit=1");
            second.then().statusCode(200).body("items", hasSize(1)).body("$", not(hasKey("next")));
            assertEquals(Set.of(t1, t2), Set.of(first.<String>path("items[0].team.id"), second.<String>path("items[0].team.id")));
            api(admin).get(teams + "?limit=0").then().statusCode(400);
            api(admin).queryParam("page", "AAAA.BBBB").get(teams).then().statusCode(400);

            // role null removes; DELETE answers 205 when it removed a grant, 204 when there was none
            patchTeamGrant(admin, base, t2, null).then().statusCode(204);
            api(admin).get(teams).then().body("items.team.id", contains(t1));
            api(admin).delete(teams + "/" + t1).then().statusCode(205);
            api(admin).delete(teams + "/" + t1).then().statusCode(204);
            api(admin).delete(teams + "/" + t2).then().statusCode(204);
            api(admin).get(teams).then().statusCode(200).body("items", empty()).body("count", equalTo(0));

            // POST …/permissions takes several at once, teams or users
            invite(admin, base, json("role", "edit", "teams", List.of(t1, t2))).then().statusCode(204);
            api(admin).get(teams).then().body("count", equalTo(2)).body("items.permission", everyItem(equalTo("edit")));
            invite(admin, base, json("role", "read", "users", List.of(a.id(), b.id()))).then().statusCode(204);
            api(admin).get(base + "/permissions/users").then().statusCode(200).body("count", equalTo(2))
                    .body("items.permission", everyItem(equalTo("read")))
                    .body("items.user.id", containsInAnyOrder(a.id(), b.id()));
            api(admin).delete(teams + "/" + t1).then().statusCode(205);
            api(admin).delete(teams + "/" + t2).then().statusCode(205);
            api(admin).delete(base + "/permissions/users/" + a.id()).then().statusCode(204);
            api(admin).delete(base + "/permissions/users/" + b.id()).then().statusCode(204);
            api(admin).get(teams).then().body("count", equalTo(0));
        }
    }

    @Test
    void aGuestInATeamGrantedEditReadsAndWritesTheSpace() {
        TestUser guest = join(org, null);
        String space = createSpace(admin, org.id(), json("title", "Written by a team"));
        String other = createSpace(admin, org.id(), json("title", "Not the team's"));
        api(guest.token()).get(spacePath(space)).then().statusCode(404);

        String team = createTeam(admin, org.id(), title("Guest editors"), guest.id());
        grantTeam(admin, spacePath(space), team, "edit");
        within(AT_ONCE, () -> assertSpaceRole(guest.token(), space, "edit"));
        api(guest.token()).get(spacePath(space) + "/content/pages").then().statusCode(200);
        String cr = changeRequestWithPage(guest.token(), space, "By a guest in a team");
        assertStatus(403, mergeChangeRequest(guest.token(), space, cr), "edit merges");
        mergeChangeRequest(admin, space, cr).then().statusCode(200);
        assertTrue(mainTitles(guest.token(), space).contains("By a guest in a team"));

        api(guest.token()).get(spacePath(other)).then().statusCode(404);
        assertEquals(List.of(space), ids(api(guest.token()).get(org.path() + "/spaces?limit=1000")));
        api(guest.token()).get(org.path() + "/members/" + guest.id() + "/spaces").then().statusCode(200)
                .body("count", equalTo(1)).body("items[0].space.id", equalTo(space)).body("items[0].permission", equalTo("edit"));
    }

    @Test
    void theHighestOfTheMembersRoleAndItsGrantsWins() {
        TestUser reader = join(org, "read");
        String space = createSpace(admin, org.id(), json("title", "Reviewed by a team"));
        assertSpaceRole(reader.token(), space, "read");

        String reviewers = createTeam(admin, org.id(), title("Reviewers"), reader.id());
        grantTeam(admin, spacePath(space), reviewers, "review");
        within(AT_ONCE, () -> assertSpaceRole(reader.token(), space, "review"));
        String cr = changeRequestWithPage(reader.token(), space, "Merged by a read member");
        mergeChangeRequest(reader.token(), space, cr).then().statusCode(200).body("result", equalTo("merge"));
        assertTrue(mainTitles(admin, space).contains("Merged by a read member"));

        // a lower grant of another team, or of the member itself, takes nothing away; a higher one adds
        String commenters = createTeam(admin, org.id(), title("Commenters"), reader.id());
        grantTeam(admin, spacePath(space), commenters, "comment");
        grantUser(admin, spacePath(space), reader.id(), "read");
        assertSpaceRole(reader.token(), space, "review");
        api(reader.token()).get(org.path() + "/members/" + reader.id() + "/spaces?limit=1000").then().statusCode(200)
                .body("items.find { it.space.id == '" + space + "' }.permission", equalTo("review"));
        grantUser(admin, spacePath(space), reader.id(), "admin");
        assertSpaceRole(reader.token(), space, "admin");
        api(admin).delete(spacePath(space) + "/permissions/users/" + reader.id()).then().statusCode(204);
        assertSpaceRole(reader.token(), space, "review");
        api(admin).delete(teamGrants(spacePath(space)) + "/" + reviewers).then().statusCode(205);
        assertSpaceRole(reader.token(), space, "comment");
        api(admin).delete(teamGrants(spacePath(space)) + "/" + commenters).then().statusCode(205);
        assertSpaceRole(reader.token(), space, "read");
    }

    @Test
    void aTeamGrantOnACollectionReachesItsSpaces() {
        TestUser guest = join(org, null);
        String c = createCollection(admin, org.id(), null, "Team shelf");
        String nested = createCollection(admin, org.id(), c, "Team shelf inside");
        String s1 = createSpace(admin, org.id(), json("title", "On the shelf", "parent", c));
        String s2 = createSpace(admin, org.id(), json("title", "Deeper on the shelf", "parent", nested));
        String outside = createSpace(admin, org.id(), json("title", "Off the shelf"));
        String team = createTeam(admin, org.id(), title("Shelf editors"), guest.id());

        invite(admin, collectionPath(c), json("role", "edit", "teams", List.of(team))).then().statusCode(204);
        within(AT_ONCE, () -> assertSpaceRole(guest.token(), s1, "edit"));
        assertSpaceRole(guest.token(), s2, "edit");
        assertPermissions(guest.token(), collectionPath(c), COLLECTION_PERMISSIONS, "view");
        assertPermissions(guest.token(), collectionPath(nested), COLLECTION_PERMISSIONS, "view");
        api(guest.token()).get(spacePath(outside)).then().statusCode(404);
        String later = createSpace(admin, org.id(), json("title", "Shelved later", "parent", nested));
        assertSpaceRole(guest.token(), later, "edit");
        assertEquals(Set.of(s1, s2, later), Set.copyOf(ids(api(guest.token()).get(org.path() + "/spaces?limit=1000"))));
        String cr = changeRequestWithPage(guest.token(), s2, "Written through the collection");
        mergeChangeRequest(admin, s2, cr).then().statusCode(200);

        // the grant on the space and the one on its collection: the highest
        grantTeam(admin, spacePath(s1), team, "review");
        assertSpaceRole(guest.token(), s1, "review");
        grantTeam(admin, spacePath(s1), team, "read");
        assertSpaceRole(guest.token(), s1, "edit");
    }

    @Test
    void leavingTheTeamOrDeletingItTakesTheAccessAwayWithinASecond() {
        TestUser leaver = join(org, null);
        TestUser stayer = join(org, null);
        String space = createSpace(admin, org.id(), json("title", "Team access"));
        String c = createCollection(admin, org.id(), null, "Team access shelf");
        String inC = createSpace(admin, org.id(), json("title", "Team access, shelved", "parent", c));
        String team = createTeam(admin, org.id(), title("Leavers"), leaver.id(), stayer.id());
        grantTeam(admin, spacePath(space), team, "edit");
        grantTeam(admin, collectionPath(c), team, "comment");
        within(AT_ONCE, () -> assertSpaceRole(leaver.token(), space, "edit"));
        within(AT_ONCE, () -> assertSpaceRole(leaver.token(), inC, "comment"));
        assertSpaceRole(stayer.token(), space, "edit");

        List<String> took = new ArrayList<>();
        removeFromTeam(admin, org.id(), team, leaver.id());
        took.add("DELETE member: " + timed(AT_ONCE, () -> {
            api(leaver.token()).get(spacePath(space)).then().statusCode(404);
            api(leaver.token()).get(spacePath(inC)).then().statusCode(404);
        }).toMillis() + " ms");
        assertSpaceRole(stayer.token(), space, "edit");

        addToTeam(admin, org.id(), team, leaver.id());
        took.add("PUT members add: " + timed(AT_ONCE, () -> assertSpaceRole(leaver.token(), space, "edit")).toMillis() + " ms");
        as(admin).body(json("remove", List.of(leaver.id()))).put(teamsPath(org.id()) + "/" + team + "/members").then().statusCode(204);
        took.add("PUT members remove: " + timed(AT_ONCE, () -> api(leaver.token()).get(spacePath(space)).then().statusCode(404))
                .toMillis() + " ms");

        deleteTeam(admin, org.id(), team);
        took.add("DELETE team: " + timed(AT_ONCE, () -> {
            api(stayer.token()).get(spacePath(space)).then().statusCode(404);
            api(stayer.token()).get(spacePath(inC)).then().statusCode(404);
        }).toMillis() + " ms");
        System.out.println("[TeamGrantsE2ETest] access gone after " + took);
        // and the deleted team's grants are no longer listed
        within(COUNTERS, () -> {
            api(admin).get(teamGrants(spacePath(space))).then().statusCode(200).body("count", equalTo(0));
            api(admin).get(teamGrants(collectionPath(c))).then().statusCode(200).body("count", equalTo(0));
        });
        assertEquals(List.of(), ids(api(stayer.token()).get(org.path() + "/spaces?limit=1000")));
    }

    @Test
    void badBodiesAre400AndChangeNothing() {
        TestUser m = join(org, "read");
        TestUser stranger = Stack.newUser("example.com");
        String team = createTeam(admin, org.id(), title("Validated"), m.id());
        TestUser otherAdmin = Stack.newUser("example.com");
        String otherOrg = Stack.newOrg(otherAdmin);
        String foreignTeam = createTeam(otherAdmin.token(), otherOrg, title("Foreign"), otherAdmin.id());
        String space = createSpace(admin, org.id(), json("title", "Validated"));
        String c = createCollection(admin, org.id(), null, "Validated");

        for (String base : List.of(spacePath(space), collectionPath(c))) {
            String one = teamGrants(base) + "/" + team;
            Map<String, Object> noRole = json();
            for (Object body : List.of(noRole, json("role", "boss"), json("role", 4), json("role", List.of("edit")))) {
                Response r = as(admin).body(body).patch(one);
                assertStatus(400, r, "PATCH " + body);
            }
            assertStatus(400, as(admin).body("{\"role\":").patch(one), "PATCH malformed");
            assertStatus(400, as(admin).body("[1]").patch(one), "PATCH an array");

            List<Map<String, Object>> badInvites = List.of(
                    json("teams", List.of(team)),
                    json("role", "boss", "teams", List.of(team)),
                    json("role", 3, "teams", List.of(team)),
                    json("role", "read", "teams", team),
                    json("role", "read", "teams", List.of()),
                    json("role", "read", "teams", List.of(7)),
                    json("role", "read"),
                    json("role", "read", "users", List.of()),
                    json("role", "read", "users", m.id()));
            for (Map<String, Object> body : badInvites) {
                assertStatus(400, invite(admin, base, body), "POST " + body);
            }
            assertStatus(400, as(admin).body("{\"role\":\"read\",").post(base + "/permissions"), "POST malformed");

            // teams (and users) that are not of this organization do not exist here
            for (Response r : List.of(patchTeamGrant(admin, base, foreignTeam, "read"),
                    patchTeamGrant(admin, base, "noSuchTeam0000000000", "read"),
                    invite(admin, base, json("role", "read", "teams", List.of(foreignTeam))),
                    invite(admin, base, json("role", "read", "teams", List.of(team, foreignTeam))),
                    invite(admin, base, json("role", "read", "users", List.of(stranger.id()))))) {
                assertTrue(r.statusCode() == 404 || r.statusCode() == 400, "404 or 400: " + r.statusCode() + " " + r.asString());
                r.then().body("error.code", equalTo(r.statusCode()));
            }
            api(admin).get(teamGrants(base)).then().statusCode(200).body("count", equalTo(0));
            api(admin).get(base + "/permissions/users").then().statusCode(200).body("count", equalTo(0));
        }
        for (String base : List.of("/v1/spaces/noSuchSpace000000000", "/v1/collections/noSuchCollection0000")) {
            api(admin).get(teamGrants(base)).then().statusCode(404);
            patchTeamGrant(admin, base, team, "read").then().statusCode(404);
            invite(admin, base, json("role", "read", "teams", List.of(team))).then().statusCode(404);
        }
        // the other organization's team was granted nothing
        api(otherAdmin.token()).get(teamsPath(otherOrg) + "/" + foreignTeam).then().statusCode(200).body("spaces", equalTo(0));
    }

    @Test
    void onlyAnAdministratorOfTheSpaceGrants() {
        TestUser editor = join(org, "edit");
        TestUser creator = join(org, "create");
        TestUser spaceAdmin = join(org, "read");
        TestUser guest = join(org, null);
        String team = createTeam(admin, org.id(), title("Wanted"), editor.id());
        String space = createSpace(admin, org.id(), json("title", "Administered"));
        String c = createCollection(admin, org.id(), null, "Administered");
        grantTeam(admin, spacePath(space), team, "read");
        grantTeam(admin, collectionPath(c), team, "read");

        for (String base : List.of(spacePath(space), collectionPath(c))) {
            for (TestUser u : List.of(editor, creator)) {
                assertStatus(403, patchTeamGrant(u.token(), base, team, "admin"), "PATCH by a non-admin");
                assertStatus(403, patchTeamGrant(u.token(), base, team, null), "PATCH null by a non-admin");
                assertStatus(403, invite(u.token(), base, json("role", "admin", "teams", List.of(team))), "POST teams by a non-admin");
                assertStatus(403, invite(u.token(), base, json("role", "admin", "users", List.of(u.id()))), "POST users by a non-admin");
                assertStatus(403, api(u.token()).delete(teamGrants(base) + "/" + team), "DELETE by a non-admin");
                api(u.token()).get(teamGrants(base)).then().statusCode(200).body("count", equalTo(1));
            }
            assertStatus(404, patchTeamGrant(guest.token(), base, team, "admin"), "PATCH by a guest who does not see it");
            assertStatus(404, invite(guest.token(), base, json("role", "admin", "teams", List.of(team))), "POST by a guest");
            api(admin).get(teamGrants(base)).then().body("count", equalTo(1)).body("items[0].permission", equalTo("read"));
            api(admin).get(base + "/permissions/users").then().body("count", equalTo(0));

            // an admin grant on the item is enough
            grantUser(admin, base, spaceAdmin.id(), "admin");
            patchTeamGrant(spaceAdmin.token(), base, team, "comment").then().statusCode(204);
            invite(spaceAdmin.token(), base, json("role", "comment", "users", List.of(editor.id()))).then().statusCode(204);
            api(admin).get(teamGrants(base)).then().body("items[0].permission", equalTo("comment"));
            api(spaceAdmin.token()).delete(teamGrants(base) + "/" + team).then().statusCode(205);
        }
    }

    @Test
    void anotherOrganizationsAdminGets404Everywhere() {
        TestUser outsider = Stack.newUser("example.com");
        String outsidersOrg = Stack.newOrg(outsider);
        String outsidersTeam = createTeam(outsider.token(), outsidersOrg, title("Outsiders"), outsider.id());
        TestUser m = join(org, "read");
        String team = createTeam(admin, org.id(), title("Insiders"), m.id());
        String space = createSpace(admin, org.id(), json("title", "Not for outsiders"));
        String c = createCollection(admin, org.id(), null, "Not for outsiders");
        grantTeam(admin, spacePath(space), team, "edit");
        grantTeam(admin, collectionPath(c), team, "edit");
        String t = outsider.token();

        for (String base : List.of(spacePath(space), collectionPath(c))) {
            String teams = teamGrants(base);
            List<Supplier<Response>> calls = List.of(
                    () -> api(t).get(teams),
                    () -> patchTeamGrant(t, base, team, "admin"),
                    () -> patchTeamGrant(t, base, team, null),
                    () -> patchTeamGrant(t, base, outsidersTeam, "admin"),
                    () -> api(t).delete(teams + "/" + team),
                    () -> api(t).delete(teams + "/" + outsidersTeam),
                    () -> invite(t, base, json("role", "admin", "teams", List.of(outsidersTeam))),
                    () -> invite(t, base, json("role", "admin", "teams", List.of(team))),
                    () -> invite(t, base, json("role", "admin", "users", List.of(outsider.id()))));
            for (int i = 0; i < calls.size(); i++) {
                Response r = calls.get(i).get();
                assertEquals(404, r.statusCode(), base + " call #" + i + ": " + r.asString());
                r.then().body("error.code", equalTo(404));
            }
            api(admin).get(teams).then().statusCode(200).body("count", equalTo(1))
                    .body("items[0].team.id", equalTo(team)).body("items[0].permission", equalTo("edit"));
            api(admin).get(base + "/permissions/users").then().statusCode(200).body("count", equalTo(0));
        }
        api(outsider.token()).get(spacePath(space)).then().statusCode(404);
        api(outsider.token()).get(teamsPath(outsidersOrg) + "/" + outsidersTeam).then().statusCode(200).body("spaces", equalTo(0));
    }

    @Test
    void teamsAndMembersCountTheSpacesGrantedToThem() {
        TestUser m = join(org, "read");
        String team = createTeam(admin, org.id(), title("Counted"), m.id());
        String s1 = createSpace(admin, org.id(), json("title", "Counted 1"));
        String s2 = createSpace(admin, org.id(), json("title", "Counted 2"));
        String s3 = createSpace(admin, org.id(), json("title", "Counted 3"));
        String teamPath = teamsPath(org.id()) + "/" + team;
        String memberPath = org.path() + "/members/" + m.id();
        api(admin).get(teamPath).then().statusCode(200).body("spaces", equalTo(0));
        api(admin).get(memberPath).then().statusCode(200).body("spaces", equalTo(0));

        grantTeam(admin, spacePath(s1), team, "edit");
        invite(admin, spacePath(s2), json("role", "read", "teams", List.of(team))).then().statusCode(204);
        grantTeam(admin, spacePath(s3), team, "comment");
        within(COUNTERS, () -> api(admin).get(teamPath).then().statusCode(200).body("spaces", equalTo(3)));

        grantUser(admin, spacePath(s1), m.id(), "edit");
        invite(admin, spacePath(s2), json("role", "comment", "users", List.of(m.id()))).then().statusCode(204);
        within(COUNTERS, () -> api(admin).get(memberPath).then().statusCode(200).body("spaces", equalTo(2)));
        api(m.token()).get(teamPath).then().statusCode(200).body("spaces", equalTo(3));

        api(admin).delete(teamGrants(spacePath(s3)) + "/" + team).then().statusCode(205);
        patchTeamGrant(admin, spacePath(s2), team, null).then().statusCode(204);
        within(COUNTERS, () -> api(admin).get(teamPath).then().body("spaces", equalTo(1)));
        api(admin).delete(spacePath(s1) + "/permissions/users/" + m.id()).then().statusCode(204);
        within(COUNTERS, () -> api(admin).get(memberPath).then().body("spaces", equalTo(1)));
        api(admin).get(teamPath).then().body("spaces", equalTo(1));

        // a deleted space no longer counts; restored, it counts again
        api(admin).delete(spacePath(s2)).then().statusCode(204);
        within(COUNTERS, () -> api(admin).get(memberPath).then().body("spaces", equalTo(0)));
        api(admin).post(spacePath(s2) + "/restore").then().statusCode(200);
        within(COUNTERS, () -> api(admin).get(memberPath).then().body("spaces", equalTo(1)));
        api(admin).get(teamPath).then().body("spaces", equalTo(1));
    }
}
