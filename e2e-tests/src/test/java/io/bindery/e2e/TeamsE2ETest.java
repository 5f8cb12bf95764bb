package io.bindery.e2e;

import io.bindery.contracts.identity.IdentityEventTypes;
import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.testing.TopicProbe;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.bindery.e2e.Stack.api;
import static org.hamcrest.Matchers.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Teams and team members through the gateway: creation, reading, renaming, deletion, the members of a team,
 * the teams of a member, lists with filters and keyset paging, rights (admin, creator, team owner, plain
 * member, guest, another organization), input validation and the events published.
 */
class TeamsE2ETest {
    static final String DB = System.getenv().getOrDefault("BINDERY_E2E_DB_URL", "jdbc:postgresql://127.0.0.1:55432/bindery_e2e");

    record User(String id, String email, String token) {
    }

    /** alice: org admin (created the org); carol: role create; dave: role read; gus: guest; otto: another org's admin. */
    static User alice, carol, dave, gus, otto;
    static String org, otherOrg;

    @BeforeAll
    static void organizations() throws Exception {
        alice = newUser("Alice");
        carol = newUser("Carol");
        dave = newUser("Dave");
        gus = newUser("Gus");
        otto = newUser("Otto");
        org = newOrg(alice);
        otherOrg = newOrg(otto);
        addMember(org, carol, "create");
        addMember(org, dave, "read");
        addMember(org, gus, null);
    }

    static User newUser(String name) {
        String admin = Stack.adminToken();
        String email = name.toLowerCase() + "-" + UUID.randomUUID().toString().substring(0, 8) + "@teams.example.com";
        String id = api(admin).contentType(ContentType.JSON).body(Map.of("email", email, "displayName", name))
                .post("/v1/admin/users").then().statusCode(201).extract().path("id");
        String token = api(admin).contentType(ContentType.JSON).body("{}")
                .post("/v1/admin/users/" + id + "/tokens").then().statusCode(201).extract().path("token");
        return new User(id, email, token);
    }

    static String newOrg(User admin) {
        return api(admin.token()).contentType(ContentType.JSON).body(Map.of("title", "Teams " + UUID.randomUUID()))
                .post("/v1/orgs").then().statusCode(201).extract().path("id");
    }

    /** Makes {@code user} a member of {@code organization} with {@code role} (null: guest), straight in identity's table. */
    static void addMember(String organization, User user, String role) throws Exception {
        try (Connection c = DriverManager.getConnection(DB, "bindery", "bindery");
             PreparedStatement s = c.prepareStatement("INSERT INTO identity.member (organization_id, user_id, role, joined_at, sso, disabled)"
                     + " VALUES (?, ?, ?, ?, false, false)")) {
            s.setString(1, organization);
            s.setString(2, user.id());
            s.setString(3, role);
            s.setTimestamp(4, Timestamp.from(Instant.now()));
            s.executeUpdate();
        }
    }

    static String createTeam(User by, String organization, String title, List<String> members) {
        Map<String, Object> body = new HashMap<>();
        body.put("title", title);
        if (members != null) {
            body.put("members", members);
        }
        return api(by.token()).contentType(ContentType.JSON).body(body).put("/v1/orgs/" + organization + "/teams")
                .then().statusCode(201).extract().path("id");
    }

    static String teams(String organization) {
        return "/v1/orgs/" + organization + "/teams";
    }

    static String members(String organization, String team) {
        return teams(organization) + "/" + team + "/members";
    }

    // ------------------------------------------------------------------------------------------- teams

    @Test
    void createReturnsTheTeamWithTheCreatorAsOwner() {
        Response created = api(alice.token()).contentType(ContentType.JSON)
                .body(Map.of("title", "  Writers  ", "members", List.of(carol.id(), dave.id(), dave.id())))
                .put(teams(org));
        created.then().statusCode(201)
                .body("object", equalTo("team"))
                .body("id", matchesPattern("^[0-9A-Za-z]{20}$"))
                .body("title", equalTo("Writers"))
                .body("members", equalTo(3))
                .body("spaces", equalTo(0))
                .body("createdAt", matchesPattern("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z$"))
                .body("permissions.admin", equalTo(true)).body("permissions.view", equalTo(true));
        String team = created.path("id");

        api(alice.token()).get(teams(org) + "/" + team).then().statusCode(200)
                .body("id", equalTo(team)).body("title", equalTo("Writers")).body("members", equalTo(3))
                .body("createdAt", equalTo(created.path("createdAt")));
        // a plain member sees it, without the right to manage it
        api(dave.token()).get(teams(org) + "/" + team).then().statusCode(200)
                .body("permissions.admin", equalTo(false)).body("permissions.view", equalTo(true));
        api(gus.token()).get(teams(org) + "/" + team).then().statusCode(200).body("permissions.admin", equalTo(false));

        api(alice.token()).get(members(org, team)).then().statusCode(200)
                .body("count", equalTo(3)).body("items", hasSize(3))
                .body("items.find { it.organization.id == '" + alice.id() + "' }.team.role", equalTo("owner"))
                .body("items.find { it.organization.id == '" + carol.id() + "' }.team.role", equalTo("member"))
                .body("items.find { it.organization.id == '" + dave.id() + "' }.team.role", equalTo("member"));
    }

    @Test
    void onlyMembersWithCreateOrAdminMayCreate() {
        String carols = createTeam(carol, org, "Carol's", null);
        api(carol.token()).get(teams(org) + "/" + carols).then().body("permissions.admin", equalTo(true)).body("members", equalTo(1));
        api(alice.token()).get(teams(org) + "/" + carols).then().body("permissions.admin", equalTo(true));
        api(dave.token()).get(teams(org) + "/" + carols).then().body("permissions.admin", equalTo(false));

        api(dave.token()).contentType(ContentType.JSON).body(Map.of("title", "Nope")).put(teams(org))
                .then().statusCode(403).body("error.code", equalTo(403));
        api(gus.token()).contentType(ContentType.JSON).body(Map.of("title", "Nope")).put(teams(org))
                .then().statusCode(403).body("error.code", equalTo(403));
        api(otto.token()).contentType(ContentType.JSON).body(Map.of("title", "Nope")).put(teams(org))
                .then().statusCode(404).body("error.code", equalTo(404));
        api().contentType(ContentType.JSON).body(Map.of("title", "Nope")).put(teams(org))
                .then().statusCode(401).body("error.code", equalTo(401));
    }

    @Test
    void createValidatesItsInput() {
        String path = teams(org);
        api(alice.token()).contentType(ContentType.JSON).body("{}").put(path)
                .then().statusCode(400).body("error.message", containsString("title"));
        api(alice.token()).contentType(ContentType.JSON).body(Map.of("title", "   ")).put(path)
                .then().statusCode(400).body("error.message", containsString("title"));
        api(alice.token()).contentType(ContentType.JSON).body(Map.of("title", "x".repeat(65))).put(path)
                .then().statusCode(400).body("error.message", containsString("title"));
        api(alice.token()).contentType(ContentType.JSON).body(Map.of("title", "y".repeat(64))).put(path)
                .then().statusCode(201).body("title", equalTo("y".repeat(64)));
        api(alice.token()).contentType(ContentType.JSON).body("{\"title\": 5}").put(path)
                .then().statusCode(400).body("error.message", containsString("title"));
        api(alice.token()).contentType(ContentType.JSON).body("{\"title\": \"T\", \"members\": \"" + dave.id() + "\"}").put(path)
                .then().statusCode(400).body("error.message", containsString("members"));
        api(alice.token()).contentType(ContentType.JSON).body("{\"title\": \"T\", \"members\": [null]}").put(path)
                .then().statusCode(400).body("error.message", containsString("members[0]"));
        api(alice.token()).contentType(ContentType.JSON).body(Map.of("title", "T", "members", List.of(dave.id(), otto.id()))).put(path)
                .then().statusCode(400).body("error.message", containsString(otto.id()));
        api(alice.token()).contentType(ContentType.JSON).body("{\"title\": ").put(path)
                .then().statusCode(400).body("error.code", equalTo(400));
        api(alice.token()).contentType(ContentType.JSON).body("[]").put(path)
                .then().statusCode(400).body("error.code", equalTo(400));
        api(alice.token()).contentType(ContentType.JSON).put(path).then().statusCode(400).body("error.code", equalTo(400));
        // nothing was created by the refused requests
        api(alice.token()).get(path + "?title=T&limit=1000").then().body("items.title", not(hasItem("T")));
    }

    @Test
    void creatorAndOrgAdminsManageATeamOthersGet403() {
        String team = createTeam(carol, org, "Reviewers", List.of(dave.id()));
        String path = teams(org) + "/" + team;

        api(dave.token()).contentType(ContentType.JSON).body(Map.of("title", "Hijack")).patch(path).then().statusCode(403);
        api(gus.token()).contentType(ContentType.JSON).body(Map.of("title", "Hijack")).patch(path).then().statusCode(403);
        api(otto.token()).contentType(ContentType.JSON).body(Map.of("title", "Hijack")).patch(path).then().statusCode(404);
        api(carol.token()).contentType(ContentType.JSON).body(Map.of("title", " Senior reviewers ")).patch(path).then().statusCode(200)
                .body("object", equalTo("team")).body("title", equalTo("Senior reviewers")).body("members", equalTo(2))
                .body("permissions.admin", equalTo(true));
        api(alice.token()).contentType(ContentType.JSON).body(Map.of("title", "Reviewers")).patch(path).then().statusCode(200)
                .body("title", equalTo("Reviewers"));
        api(carol.token()).contentType(ContentType.JSON).body(Map.of("title", "")).patch(path).then().statusCode(400)
                .body("error.message", containsString("title"));
        api(carol.token()).contentType(ContentType.JSON).body("{}").patch(path).then().statusCode(400)
                .body("error.message", containsString("title"));
        api(carol.token()).contentType(ContentType.JSON).body("{\"title\": [\"a\"]}").patch(path).then().statusCode(400);
        api(alice.token()).get(path).then().body("title", equalTo("Reviewers"));

        api(dave.token()).delete(path).then().statusCode(403);
        api(otto.token()).delete(path).then().statusCode(404);
        api().delete(path).then().statusCode(401);
        api(carol.token()).delete(path).then().statusCode(204);
        api(carol.token()).delete(path).then().statusCode(204);
        api(alice.token()).get(path).then().statusCode(404).body("error.code", equalTo(404));
        api(alice.token()).get(members(org, team)).then().statusCode(404);
        // an org admin deletes a team someone else created
        String other = createTeam(carol, org, "Temporary", null);
        api(alice.token()).delete(teams(org) + "/" + other).then().statusCode(204);
        api(alice.token()).get(teams(org) + "/" + other).then().statusCode(404);
    }

    @Test
    void unknownIdsAndOtherOrganizationsAre404() {
        String team = createTeam(alice, org, "Hidden from others", null);
        String otherTeam = createTeam(otto, otherOrg, "Other org's team", null);
        api(alice.token()).get(teams(org) + "/nope").then().statusCode(404).body("error.code", equalTo(404));
        api(alice.token()).contentType(ContentType.JSON).body(Map.of("title", "x")).patch(teams(org) + "/nope").then().statusCode(404);
        api(alice.token()).delete(teams(org) + "/nope").then().statusCode(204);
        // a team id of another organization is not found under this one
        api(alice.token()).get(teams(org) + "/" + otherTeam).then().statusCode(404);
        api(alice.token()).delete(teams(org) + "/" + otherTeam).then().statusCode(204);
        api(otto.token()).get(teams(otherOrg) + "/" + otherTeam).then().statusCode(200);

        for (String p : List.of(teams(org), teams(org) + "/" + team, members(org, team),
                "/v1/orgs/" + org + "/members/" + alice.id() + "/teams")) {
            api(otto.token()).get(p).then().statusCode(404).body("error.code", equalTo(404));
            api().get(p).then().statusCode(401);
        }
        api(otto.token()).contentType(ContentType.JSON).body(Map.of("add", List.of(otto.id()))).put(members(org, team)).then().statusCode(404);
        api(otto.token()).put(members(org, team) + "/" + otto.id()).then().statusCode(404);
        api(otto.token()).delete(members(org, team) + "/" + alice.id()).then().statusCode(404);
        api(otto.token()).delete(teams(org) + "/" + team).then().statusCode(404);
        api(alice.token()).get(teams(org) + "/" + team).then().statusCode(200);
        api(alice.token()).get(teams("nope")).then().statusCode(404);
        api(alice.token()).urlEncodingEnabled(false).get(teams(org) + "/a%00b").then().statusCode(404);
    }

    // -------------------------------------------------------------------------------------------- lists

    @Test
    void listPagesWithAKeysetCursorAndFilters() throws Exception {
        User admin = newUser("Lister");
        String o = newOrg(admin);
        User editor = newUser("Editor");
        addMember(o, editor, "create");
        User reader = newUser("Reader");
        addMember(o, reader, "read");
        List<String> ids = new ArrayList<>();
        for (String title : List.of("Alpha docs", "Beta 100%", "gamma_docs", "Delta")) {
            ids.add(createTeam(admin, o, title, null));
        }
        String editors = createTeam(editor, o, "Editors' team", null);
        ids.add(editors);
        // reader owns one team they did not create
        String owned = createTeam(admin, o, "Readers", null);
        ids.add(owned);
        api(admin.token()).contentType(ContentType.JSON).body(Map.of("role", "owner")).put(members(o, owned) + "/" + reader.id())
                .then().statusCode(204);

        List<String> seen = new ArrayList<>();
        String page = null;
        int pages = 0;
        do {
            var req = api(reader.token()).queryParam("limit", 4);
            if (page != null) {
                req = req.queryParam("page", page);
            }
            Response r = req.get(teams(o));
            r.then().statusCode(200).body("count", equalTo(6));
            seen.addAll(r.path("items.id"));
            page = r.path("next.page");
            pages++;
        } while (page != null);
        assertEquals(ids, seen);
        assertEquals(2, pages);
        api(reader.token()).queryParam("limit", 6).get(teams(o)).then().body("items", hasSize(6)).body("next", nullValue());

        String cursor = api(reader.token()).queryParam("limit", 2).get(teams(o)).then().extract().path("next.page");
        api(reader.token()).queryParam("page", cursor).queryParam("limit", 2).get(teams(o)).then()
                .body("items.id", contains(ids.get(2), ids.get(3)));
        api(reader.token()).queryParam("page", cursor + "x").get(teams(o)).then().statusCode(400)
                .body("error.message", containsString("page"));
        api(reader.token()).queryParam("page", "garbage").get(teams(o)).then().statusCode(400);
        for (String bad : List.of("0", "1001", "abc", "1.5", "-1")) {
            api(reader.token()).queryParam("limit", bad).get(teams(o)).then().statusCode(400)
                    .body("error.message", containsString("limit"));
        }

        api(reader.token()).queryParam("title", "DOCS").get(teams(o)).then()
                .body("count", equalTo(2)).body("items.title", contains("Alpha docs", "gamma_docs"));
        // LIKE wildcards are taken literally
        api(reader.token()).queryParam("title", "%").get(teams(o)).then().body("items.title", contains("Beta 100%"));
        api(reader.token()).queryParam("title", "a_d").get(teams(o)).then().body("items.title", contains("gamma_docs"));
        api(reader.token()).queryParam("title", "nothing like it").get(teams(o)).then().body("count", equalTo(0)).body("items", empty());

        // owner: the teams that member can manage
        api(reader.token()).queryParam("owner", reader.id()).get(teams(o)).then()
                .body("count", equalTo(1)).body("items.id", contains(owned));
        api(reader.token()).queryParam("owner", editor.id()).get(teams(o)).then()
                .body("items.id", contains(editors));
        api(reader.token()).queryParam("owner", admin.id()).get(teams(o)).then().body("count", equalTo(6));
        api(reader.token()).queryParam("owner", "nobody").get(teams(o)).then().body("count", equalTo(0));
        api(reader.token()).queryParam("owner", admin.id()).queryParam("title", "e").queryParam("limit", 2).get(teams(o)).then()
                .body("count", equalTo(4)).body("items.title", contains("Beta 100%", "Delta"));
        // each caller sees its own permissions
        api(reader.token()).get(teams(o)).then()
                .body("items.find { it.id == '" + owned + "' }.permissions.admin", equalTo(false))
                .body("items.find { it.id == '" + editors + "' }.permissions.admin", equalTo(false));
        api(editor.token()).get(teams(o)).then()
                .body("items.find { it.id == '" + editors + "' }.permissions.admin", equalTo(true))
                .body("items.find { it.id == '" + owned + "' }.permissions.admin", equalTo(false));
    }

    // ------------------------------------------------------------------------------------- team members

    @Test
    void batchUpdateAddsRemovesAndChangesRoles() throws Exception {
        User erin = newUser("Erin");
        addMember(org, erin, "edit");
        User fay = newUser("Fay");
        addMember(org, fay, "read");
        String team = createTeam(carol, org, "Batch", null);
        String path = members(org, team);

        // by id and by e-mail (case-insensitive); a user both added and removed is removed
        api(carol.token()).contentType(ContentType.JSON).body(Map.of(
                        "add", List.of(dave.id(), erin.email().toUpperCase(), fay.id()),
                        "remove", List.of(fay.email()),
                        "memberships", Map.of(erin.id(), Map.of("role", "owner"))))
                .put(path).then().statusCode(204);
        api(dave.token()).get(path).then().statusCode(200)
                .body("count", equalTo(3))
                .body("items.organization.id", containsInAnyOrder(carol.id(), dave.id(), erin.id()))
                .body("items.find { it.organization.id == '" + erin.id() + "' }.team.role", equalTo("owner"))
                .body("items.find { it.organization.id == '" + dave.id() + "' }.team.role", equalTo("member"))
                .body("items[0].permissions.view", equalTo(true));
        api(carol.token()).get(teams(org) + "/" + team).then().body("members", equalTo(3));

        // the entry's organization field is the Member resource
        api(carol.token()).get(path).then()
                .body("items.find { it.organization.id == '" + dave.id() + "' }.organization.object", equalTo("member"))
                .body("items.find { it.organization.id == '" + dave.id() + "' }.organization.role", equalTo("read"))
                .body("items.find { it.organization.id == '" + dave.id() + "' }.organization.user.object", equalTo("user"))
                .body("items.find { it.organization.id == '" + dave.id() + "' }.organization.user.id", equalTo(dave.id()))
                .body("items.find { it.organization.id == '" + dave.id() + "' }.organization.disabled", equalTo(false))
                .body("items.find { it.organization.id == '" + dave.id() + "' }.organization.sso", equalTo(false))
                .body("items.find { it.organization.id == '" + dave.id() + "' }.organization.joinedAt", notNullValue())
                .body("items.find { it.organization.id == '" + dave.id() + "' }.organization.spaces", equalTo(0))
                .body("items.find { it.organization.id == '" + erin.id() + "' }.organization.teams", equalTo(1));

        // a team owner (not the creator, not an admin) manages members; a plain team member may not
        api(erin.token()).contentType(ContentType.JSON).body(Map.of("memberships", Map.of(dave.email(), Map.of("role", "owner"))))
                .put(path).then().statusCode(204);
        api(erin.token()).get(path).then().body("items.find { it.organization.id == '" + dave.id() + "' }.team.role", equalTo("owner"));
        api(fay.token()).contentType(ContentType.JSON).body(Map.of("add", List.of(fay.id()))).put(path).then().statusCode(403);
        api(gus.token()).contentType(ContentType.JSON).body(Map.of("add", List.of(gus.id()))).put(path).then().statusCode(403);
        api(erin.token()).contentType(ContentType.JSON).body(Map.of("remove", List.of(dave.id()))).put(path).then().statusCode(204);
        // an owner may still not rename the team: only its creator and org admins
        api(erin.token()).contentType(ContentType.JSON).body(Map.of("title", "x")).patch(teams(org) + "/" + team).then().statusCode(403);
        api(alice.token()).contentType(ContentType.JSON).body(Map.of("add", List.of(fay.email()))).put(path).then().statusCode(204);
        api(alice.token()).get(path).then().body("items.organization.id", containsInAnyOrder(carol.id(), erin.id(), fay.id()));

        // validation: every entry must be a member of the organization, named in the error
        api(carol.token()).contentType(ContentType.JSON).body(Map.of("add", List.of(dave.id(), otto.id()))).put(path)
                .then().statusCode(400).body("error.message", containsString(otto.id())).body("error.message", containsString("add"));
        api(carol.token()).contentType(ContentType.JSON).body(Map.of("remove", List.of("ghost@nowhere.example"))).put(path)
                .then().statusCode(400).body("error.message", containsString("ghost@nowhere.example"));
        api(carol.token()).contentType(ContentType.JSON).body(Map.of("memberships", Map.of(otto.id(), Map.of("role", "owner")))).put(path)
                .then().statusCode(400).body("error.message", containsString(otto.id()));
        api(carol.token()).contentType(ContentType.JSON).body(Map.of("memberships", Map.of(dave.id(), Map.of("role", "admin")))).put(path)
                .then().statusCode(400).body("error.message", containsString("role"));
        api(carol.token()).contentType(ContentType.JSON).body(Map.of("memberships", Map.of(dave.id(), Map.of()))).put(path)
                .then().statusCode(400).body("error.message", containsString("role"));
        api(carol.token()).contentType(ContentType.JSON).body("{\"add\": [\"\"]}").put(path)
                .then().statusCode(400).body("error.message", containsString("add[0]"));
        api(carol.token()).contentType(ContentType.JSON).body("{\"add\": \"" + dave.id() + "\"}").put(path)
                .then().statusCode(400).body("error.message", containsString("add"));
        api(carol.token()).contentType(ContentType.JSON).body("{\"memberships\": []}").put(path)
                .then().statusCode(400).body("error.message", containsString("memberships"));
        List<String> tooMany = new ArrayList<>();
        for (int i = 0; i < 1001; i++) {
            tooMany.add("u" + i);
        }
        api(carol.token()).contentType(ContentType.JSON).body(Map.of("add", tooMany)).put(path)
                .then().statusCode(400).body("error.message", containsString("add"));
        api(carol.token()).contentType(ContentType.JSON).body("{\"add\": [").put(path).then().statusCode(400);
        api(carol.token()).contentType(ContentType.JSON).put(path).then().statusCode(400);
        // refused batches changed nothing
        api(alice.token()).get(path).then().body("count", equalTo(3));
        api(carol.token()).contentType(ContentType.JSON).body(Map.of("add", List.of(dave.id()))).put(members(org, "nope")).then().statusCode(404);
    }

    @Test
    void singleMemberPutAndDelete() throws Exception {
        User hal = newUser("Hal");
        addMember(org, hal, "comment");
        String team = createTeam(alice, org, "Singles", null);
        String path = members(org, team);

        api(alice.token()).contentType(ContentType.JSON).body("{}").put(path + "/" + hal.id()).then().statusCode(204);
        api(alice.token()).get(path).then().body("items.find { it.organization.id == '" + hal.id() + "' }.team.role", equalTo("member"));
        api(alice.token()).contentType(ContentType.JSON).body(Map.of("role", "owner")).put(path + "/" + hal.id()).then().statusCode(204);
        api(alice.token()).get(path).then().body("items.find { it.organization.id == '" + hal.id() + "' }.team.role", equalTo("owner"));
        // no body at all: added as (or set back to) member
        api(alice.token()).put(path + "/" + dave.id()).then().statusCode(204);
        api(alice.token()).get(teams(org) + "/" + team).then().body("members", equalTo(3));

        // hal, now an owner, manages members; dave, a plain member, does not
        api(hal.token()).contentType(ContentType.JSON).body(Map.of("role", "owner")).put(path + "/" + carol.id()).then().statusCode(204);
        api(dave.token()).delete(path + "/" + carol.id()).then().statusCode(403);
        api(dave.token()).put(path + "/" + dave.id()).then().statusCode(403);
        api(gus.token()).delete(path + "/" + dave.id()).then().statusCode(403);

        api(alice.token()).contentType(ContentType.JSON).body(Map.of("role", "boss")).put(path + "/" + hal.id())
                .then().statusCode(400).body("error.message", containsString("role"));
        api(alice.token()).contentType(ContentType.JSON).body("{\"role\": true}").put(path + "/" + hal.id())
                .then().statusCode(400).body("error.message", containsString("role"));
        api(alice.token()).put(path + "/" + otto.id()).then().statusCode(404).body("error.message", containsString(otto.id()));
        api(alice.token()).put(path + "/nobody").then().statusCode(404);
        api(alice.token()).put(members(org, "nope") + "/" + hal.id()).then().statusCode(404);

        api(hal.token()).delete(path + "/" + carol.id()).then().statusCode(204);
        api(hal.token()).delete(path + "/" + carol.id()).then().statusCode(204);
        api(alice.token()).delete(path + "/nobody").then().statusCode(204);
        api(alice.token()).delete(members(org, "nope") + "/" + hal.id()).then().statusCode(404);
        api(alice.token()).get(path).then().body("count", equalTo(3))
                .body("items.organization.id", containsInAnyOrder(alice.id(), hal.id(), dave.id()));
    }

    @Test
    void teamMembersPageInJoinOrder() throws Exception {
        User admin = newUser("Pager");
        String o = newOrg(admin);
        List<String> expected = new ArrayList<>();
        expected.add(admin.id());
        String team = createTeam(admin, o, "Paged", null);
        for (int i = 0; i < 4; i++) {
            User u = newUser("P" + i);
            addMember(o, u, "read");
            api(admin.token()).put(members(o, team) + "/" + u.id()).then().statusCode(204);
            expected.add(u.id());
        }
        List<String> seen = new ArrayList<>();
        String page = null;
        do {
            var req = api(admin.token()).queryParam("limit", 2);
            if (page != null) {
                req = req.queryParam("page", page);
            }
            Response r = req.get(members(o, team));
            r.then().statusCode(200).body("count", equalTo(5)).body("items", hasSize(lessThanOrEqualTo(2)));
            seen.addAll(r.path("items.organization.id"));
            page = r.path("next.page");
        } while (page != null);
        assertEquals(expected, seen);
        api(admin.token()).queryParam("limit", 1001).get(members(o, team)).then().statusCode(400).body("error.message", containsString("limit"));
        api(admin.token()).queryParam("page", "x.y").get(members(o, team)).then().statusCode(400).body("error.message", containsString("page"));
    }

    @Test
    void teamsOfAMember() throws Exception {
        User admin = newUser("Owner");
        String o = newOrg(admin);
        User ivy = newUser("Ivy");
        addMember(o, ivy, "read");
        User jon = newUser("Jon");
        addMember(o, jon, "read");
        String design = createTeam(admin, o, "Design", List.of(ivy.id()));
        String docs = createTeam(admin, o, "Docs writers", null);
        api(admin.token()).contentType(ContentType.JSON).body(Map.of("role", "owner")).put(members(o, docs) + "/" + ivy.id()).then().statusCode(204);
        String ops = createTeam(admin, o, "Ops", List.of(ivy.id()));
        createTeam(admin, o, "Without Ivy", null);

        String path = "/v1/orgs/" + o + "/members/" + ivy.id() + "/teams";
        api(jon.token()).get(path).then().statusCode(200)
                .body("count", equalTo(3))
                .body("items.team.id", contains(design, docs, ops))
                .body("items.member.role", contains("member", "owner", "member"))
                .body("items[0].team.object", equalTo("team")).body("items[0].team.title", equalTo("Design"))
                .body("items[0].team.members", equalTo(2)).body("items[0].team.spaces", equalTo(0))
                .body("items[0].team.permissions.admin", equalTo(false)).body("items[0].team.permissions.view", equalTo(true));
        api(admin.token()).get(path).then().body("items[0].team.permissions.admin", equalTo(true));
        api(jon.token()).queryParam("title", "DOCS").get(path).then().body("count", equalTo(1)).body("items.team.id", contains(docs));

        Response first = api(jon.token()).queryParam("limit", 2).get(path);
        first.then().body("count", equalTo(3)).body("items.team.id", contains(design, docs));
        api(jon.token()).queryParam("limit", 2).queryParam("page", first.<String>path("next.page")).get(path).then()
                .body("items.team.id", contains(ops)).body("next", nullValue());

        api(jon.token()).get("/v1/orgs/" + o + "/members/" + jon.id() + "/teams").then().body("count", equalTo(0)).body("items", empty());
        api(jon.token()).get("/v1/orgs/" + o + "/members/nobody/teams").then().statusCode(404);
        api(jon.token()).get("/v1/orgs/" + o + "/members/" + otto.id() + "/teams").then().statusCode(404);
        api(jon.token()).queryParam("limit", 0).get(path).then().statusCode(400).body("error.message", containsString("limit"));

        // the members' `teams` counters follow
        api(admin.token()).get(members(o, design)).then()
                .body("items.find { it.organization.id == '" + ivy.id() + "' }.organization.teams", equalTo(3))
                .body("items.find { it.organization.id == '" + admin.id() + "' }.organization.teams", equalTo(4));
    }

    @Test
    void leavingTheOrganizationLeavesItsTeams() throws Exception {
        User admin = newUser("Leaver");
        String o = newOrg(admin);
        User kim = newUser("Kim");
        addMember(o, kim, "read");
        String a = createTeam(admin, o, "A", List.of(kim.id()));
        String b = createTeam(admin, o, "B", List.of(kim.id()));
        int status = api(admin.token()).delete("/v1/orgs/" + o + "/members/" + kim.id()).statusCode();
        assumeTrue(status == 204, "DELETE /orgs/{o}/members/{u} is not available yet (" + status + ")");
        for (String team : List.of(a, b)) {
            api(admin.token()).get(members(o, team)).then().body("count", equalTo(1)).body("items.organization.id", contains(admin.id()));
            api(admin.token()).get(teams(o) + "/" + team).then().body("members", equalTo(1));
        }
        // rejoining does not bring the old team places back
        addMember(o, kim, "read");
        api(admin.token()).get("/v1/orgs/" + o + "/members/" + kim.id() + "/teams").then().body("count", equalTo(0));
        try (TopicProbe probe = new TopicProbe(Stack.KAFKA, IdentityEventTypes.TOPIC)) {
            var events = probe.awaitEvents(seen -> TopicProbe.about(seen, "bindery.team.members.updated.v1", b).size() >= 2,
                    Duration.ofSeconds(30));
            JsonNode left = TopicProbe.about(events, "bindery.team.members.updated.v1", b).get(1);
            assertEquals(List.of(kim.id()), strings(left.path("data").path("removed")));
            assertEquals(1, left.path("data").path("members").asInt());
        }
    }

    // ------------------------------------------------------------------------------------------- events

    @Test
    void everyChangePublishesAnEvent() {
        String team = createTeam(alice, org, "Evented", List.of(dave.id()));
        api(alice.token()).contentType(ContentType.JSON).body(Map.of("title", "Evented again")).patch(teams(org) + "/" + team).then().statusCode(200);
        api(alice.token()).contentType(ContentType.JSON)
                .body(Map.of("add", List.of(carol.id()), "remove", List.of(dave.id()), "memberships", Map.of(alice.id(), Map.of("role", "member"))))
                .put(members(org, team)).then().statusCode(204);
        // a batch that changes nothing publishes nothing
        api(alice.token()).contentType(ContentType.JSON).body(Map.of("add", List.of(carol.id()))).put(members(org, team)).then().statusCode(204);
        api(alice.token()).delete(teams(org) + "/" + team).then().statusCode(204);

        try (TopicProbe probe = new TopicProbe(Stack.KAFKA, IdentityEventTypes.TOPIC)) {
            List<JsonNode> events = probe.awaitEvents(seen -> !TopicProbe.about(seen, "bindery.team.deleted.v1", team).isEmpty(),
                    Duration.ofSeconds(30));
            JsonNode created = TopicProbe.about(events, "bindery.team.created.v1", team).get(0);
            assertEquals("/bindery/identity-service", created.path("source").asText());
            assertEquals("team", created.path("data").path("object").asText());
            assertEquals("Evented", created.path("data").path("title").asText());
            assertEquals(2, created.path("data").path("members").asInt());
            assertFalse(created.path("data").has("permissions"));

            List<JsonNode> memberChanges = TopicProbe.about(events, "bindery.team.members.updated.v1", team);
            assertEquals(2, memberChanges.size());
            JsonNode first = memberChanges.get(0).path("data");
            assertEquals(List.of(alice.id(), dave.id()), strings(first.path("added")));
            assertEquals("owner", first.path("roles").path(alice.id()).asText());
            JsonNode batch = memberChanges.get(1).path("data");
            assertEquals(List.of(carol.id()), strings(batch.path("added")));
            assertEquals(List.of(dave.id()), strings(batch.path("removed")));
            assertEquals(List.of(alice.id()), strings(batch.path("changed")));
            assertEquals("member", batch.path("roles").path(alice.id()).asText());
            assertEquals(2, batch.path("members").asInt());
            assertFalse(batch.has("permissions"));

            JsonNode updated = TopicProbe.about(events, "bindery.team.updated.v1", team).get(0);
            assertEquals("Evented again", updated.path("data").path("title").asText());
            JsonNode deleted = TopicProbe.about(events, "bindery.team.deleted.v1", team).get(0);
            assertEquals(team, deleted.path("data").path("id").asText());
            assertEquals(2, deleted.path("data").path("members").asInt());
            assertFalse(deleted.path("data").has("permissions"));
        }
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
