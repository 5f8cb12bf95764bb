package io.bindery.content.permissions;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.IdentityEvents;
import io.bindery.commons.testing.TestIdentity;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static io.bindery.content.TestApi.as;
import static io.bindery.content.TestApi.member;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;

/**
 * Grants to teams, as content-service runs them on its own: the team is read through from identity when first
 * granted, its members get the highest of their grants, and identity's team events (through a real broker into
 * the real consumer) take the access away again; redelivered and reordered events change nothing.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class TeamGrantsTest {
    @Inject
    ObjectMapper json;
    @ConfigProperty(name = "kafka.bootstrap.servers")
    String bootstrap;
    IdentityEvents events;

    @BeforeEach
    void producer() {
        events = new IdentityEvents(bootstrap, json);
    }

    @AfterEach
    void close() {
        events.close();
    }

    void membersEvent(String org, String team, Instant time, List<String> added, List<String> removed) throws Exception {
        events.send(team, events.event(Ids.newId(), "bindery.team.members.updated.v1", team, time,
                Map.of("object", "team", "id", team, "organization", org, "added", added, "removed", removed,
                        "changed", List.of())));
    }

    @Test
    void aTeamGrantReachesItsMembersUntilTheyLeaveOrTheTeamIsDeleted() throws Exception {
        String org = Ids.newId();
        String admin = member(org, "admin");
        String guest = member(org, null);
        String reader = member(org, "read");
        String team = Ids.newId();
        TestIdentity.addTeam(org, team, List.of(guest, reader), Instant.now());
        String space = as(admin).body("{\"title\":\"Runbooks\"}").post("/v1/orgs/" + org + "/spaces")
                .then().statusCode(201).extract().path("id");
        as(guest).get("/v1/spaces/" + space).then().statusCode(404);
        as(reader).get("/v1/spaces/" + space).then().statusCode(200).body("permissions.edit", equalTo(false));

        // the team is unknown here: the grant reads it through from identity, with its members
        as(admin).body("{\"role\":\"review\"}").patch("/v1/spaces/" + space + "/permissions/teams/" + team)
                .then().statusCode(204);
        as(guest).get("/v1/spaces/" + space).then().statusCode(200).body("permissions.merge", equalTo(true));
        as(reader).get("/v1/spaces/" + space).then().statusCode(200).body("permissions.review", equalTo(true));
        as(guest).get("/v1/orgs/" + org + "/spaces").then().statusCode(200).body("count", equalTo(1));
        as(admin).get("/v1/spaces/" + space + "/permissions/teams").then().statusCode(200)
                .body("count", equalTo(1)).body("items[0].permission", equalTo("review"))
                .body("items[0].team.id", equalTo(team)).body("items[0].team.object", equalTo("team"));

        // the reader leaves the team: back to its own organization role
        membersEvent(org, team, Instant.now(), List.of(), List.of(reader));
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                as(reader).get("/v1/spaces/" + space).then().statusCode(200).body("permissions.review", equalTo(false)));
        // a redelivered older "added" does not bring it back
        membersEvent(org, team, Instant.now().minusSeconds(60), List.of(reader), List.of());
        Thread.sleep(500);
        as(reader).get("/v1/spaces/" + space).then().statusCode(200).body("permissions.review", equalTo(false));

        // the team is deleted: the guest sees nothing, the grant is gone from the list
        events.send(team, events.event(Ids.newId(), "bindery.team.deleted.v1", team, Instant.now(),
                Map.of("object", "team", "id", team, "organization", org)));
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> as(guest).get("/v1/spaces/" + space).then().statusCode(404));
        as(admin).get("/v1/spaces/" + space + "/permissions/teams").then().statusCode(200).body("items", hasSize(0));
        as(admin).body("{\"role\":\"read\"}").patch("/v1/spaces/" + space + "/permissions/teams/" + team)
                .then().statusCode(404);
    }

    @Test
    void inviteGivesUsersAndTeamsARoleAllOrNothing() {
        String org = Ids.newId();
        String admin = member(org, "admin");
        String guest = member(org, null);
        String editor = member(org, "edit");
        String team = Ids.newId();
        TestIdentity.addTeam(org, team, List.of(), Instant.now());
        String collection = as(admin).body("{\"title\":\"Guides\"}").post("/v1/orgs/" + org + "/collections")
                .then().statusCode(201).extract().path("id");
        String space = as(admin).body("{\"title\":\"Setup\",\"parent\":\"" + collection + "\"}").post("/v1/orgs/" + org + "/spaces")
                .then().statusCode(201).extract().path("id");

        // bad bodies: 400, nothing granted
        for (String bad : List.of("{}", "{\"users\":[\"" + guest + "\"]}", "{\"role\":\"owner\",\"users\":[\"" + guest + "\"]}",
                "{\"role\":null,\"users\":[\"" + guest + "\"]}", "{\"role\":\"edit\"}", "{\"role\":\"edit\",\"users\":[]}",
                "{\"role\":\"edit\",\"teams\":\"" + team + "\"}", "{\"role\":\"edit\",\"users\":[5]}", "[]")) {
            as(admin).body(bad).post("/v1/collections/" + collection + "/permissions").then().statusCode(400)
                    .body("error.code", equalTo(400));
        }
        // one unknown entry: 404, and the known ones are not granted either
        as(admin).body("{\"role\":\"edit\",\"users\":[\"" + guest + "\"],\"teams\":[\"" + Ids.newId() + "\"]}")
                .post("/v1/collections/" + collection + "/permissions").then().statusCode(404)
                .body("error.message", containsString("teams[0]"));
        as(guest).get("/v1/spaces/" + space).then().statusCode(404);
        // a non-admin may not invite
        as(editor).body("{\"role\":\"edit\",\"users\":[\"" + guest + "\"]}")
                .post("/v1/collections/" + collection + "/permissions").then().statusCode(403);

        as(admin).body("{\"role\":\"edit\",\"users\":[\"" + guest + "\"],\"teams\":[\"" + team + "\"]}")
                .post("/v1/collections/" + collection + "/permissions").then().statusCode(204);
        // the collection's grant reaches the space inside it
        as(guest).get("/v1/spaces/" + space).then().statusCode(200).body("permissions.edit", equalTo(true));
        as(admin).get("/v1/collections/" + collection + "/permissions/teams").then().statusCode(200).body("count", equalTo(1));

        // DELETE: 205 when removed, 204 when there was nothing to remove
        as(admin).delete("/v1/collections/" + collection + "/permissions/teams/" + team).then().statusCode(205);
        as(admin).delete("/v1/collections/" + collection + "/permissions/teams/" + team).then().statusCode(204);
        // another organization's admin sees none of it
        String otherOrg = Ids.newId();
        String stranger = member(otherOrg, "admin");
        as(stranger).get("/v1/collections/" + collection + "/permissions/teams").then().statusCode(404);
        as(stranger).body("{\"role\":\"admin\",\"users\":[\"" + stranger + "\"]}")
                .post("/v1/spaces/" + space + "/permissions").then().statusCode(404);
        as(stranger).delete("/v1/spaces/" + space + "/permissions/teams/" + team).then().statusCode(404);
    }
}
