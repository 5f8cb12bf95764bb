package io.bindery.identity;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.identity.TestApi.User;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static io.bindery.identity.TestApi.invite;
import static io.bindery.identity.TestApi.org;
import static io.bindery.identity.TestApi.outbox;
import static io.bindery.identity.TestApi.team;
import static io.bindery.identity.TestApi.user;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What other services learn of teams: the {@code organization} in every team event, the members change when a
 * member leaves the organization, and the internal read-through {@code GET /internal/orgs/{o}/teams/{t}}.
 */
@QuarkusTest
class TeamFactsTest {
    @Inject
    EntityManager em;

    @Test
    void teamEventsCarryTheirOrganization() {
        User admin = user();
        User member = user();
        String org = org(admin);
        invite(admin, org, "read", member);
        String team = team(admin, org, "Facts", List.of(member.id()));
        String path = "/v1/orgs/" + org + "/teams/" + team;
        given().auth().oauth2(admin.token()).contentType(ContentType.JSON).body(Map.of("title", "Facts renamed"))
                .patch(path).then().statusCode(200);
        given().auth().oauth2(admin.token()).contentType(ContentType.JSON).body(Map.of("role", "owner"))
                .put(path + "/members/" + member.id()).then().statusCode(204);
        given().auth().oauth2(admin.token()).delete(path).then().statusCode(204);

        JsonNode created = single(outbox(em, "bindery.team.created.v1", team));
        assertEquals(org, created.path("organization").asText());
        assertEquals("team", created.path("object").asText());
        assertEquals(2, created.path("members").asInt());
        assertEquals(0, created.path("spaces").asInt());
        assertFalse(created.has("permissions"), "no per-caller fields in events");
        JsonNode updated = single(outbox(em, "bindery.team.updated.v1", team));
        assertEquals(org, updated.path("organization").asText());
        assertEquals("Facts renamed", updated.path("title").asText());
        assertEquals(org, single(outbox(em, "bindery.team.deleted.v1", team)).path("organization").asText());
        List<JsonNode> changes = outbox(em, "bindery.team.members.updated.v1", team);
        assertEquals(2, changes.size());
        for (JsonNode change : changes) {
            assertEquals(org, change.path("organization").asText());
            assertEquals(team, change.path("id").asText());
        }
        assertEquals(List.of(member.id()), strings(changes.get(1).path("changed")));
        assertEquals("owner", changes.get(1).path("roles").path(member.id()).asText());
    }

    @Test
    void leavingTheOrganizationIsAMembersChangeOfEachTeam() {
        User admin = user();
        User leaver = user();
        String org = org(admin);
        invite(admin, org, "edit", leaver);
        String first = team(admin, org, "First", List.of(leaver.id()));
        String second = team(admin, org, "Second", List.of(leaver.id()));
        String untouched = team(admin, org, "Untouched", List.of());
        given().auth().oauth2(leaver.token()).delete("/v1/orgs/" + org + "/members/" + leaver.id()).then().statusCode(204);

        for (String team : List.of(first, second)) {
            List<JsonNode> changes = outbox(em, "bindery.team.members.updated.v1", team);
            JsonNode last = changes.get(changes.size() - 1);
            assertEquals(List.of(leaver.id()), strings(last.path("removed")), team);
            assertEquals(List.of(), strings(last.path("added")));
            assertEquals(org, last.path("organization").asText());
            assertEquals(1, last.path("members").asInt());
        }
        assertEquals(1, outbox(em, "bindery.team.members.updated.v1", untouched).size(), "only its creation");
    }

    @Test
    void theInternalTeamFactListsTheMembersStillInTheOrganization() {
        User admin = user();
        User stays = user();
        User leaves = user();
        String org = org(admin);
        invite(admin, org, "read", stays, leaves);
        String team = team(admin, org, "Fact", List.of(stays.id(), leaves.id()));
        given().auth().oauth2(admin.token()).delete("/v1/orgs/" + org + "/members/" + leaves.id()).then().statusCode(204);

        Instant before = Instant.now();
        JsonNode fact = TestApi.call("GET", "/internal/orgs/" + org + "/teams/" + team, null, null).json();
        assertEquals(org, fact.path("organization").asText());
        assertEquals(team, fact.path("team").asText());
        assertEquals(java.util.Set.of(admin.id(), stays.id()), java.util.Set.copyOf(strings(fact.path("members"))),
                "the creator and the member still in the organization");
        assertEquals(2, fact.path("members").size());
        Instant asOf = Instant.parse(fact.path("asOf").asText());
        assertFalse(asOf.isBefore(before.minusMillis(1)), "asOf is taken at the read");
        assertTrue(asOf.isBefore(Instant.now().plusMillis(1)));
        assertEquals(List.of("organization", "team", "members", "asOf"), fieldNames(fact));

        String otherOrg = org(admin);
        given().get("/internal/orgs/" + otherOrg + "/teams/" + team).then().statusCode(404)
                .body("error.code", equalTo(404)).body("error.message", containsString(team));
        given().get("/internal/orgs/" + org + "/teams/nosuchteam").then().statusCode(404).body("error.code", equalTo(404));
        given().get("/internal/orgs/nosuchorg/teams/" + team).then().statusCode(404).body("error.code", equalTo(404));
        given().urlEncodingEnabled(false).get("/internal/orgs/" + org + "/teams/a%00b").then().statusCode(404)
                .body("error.code", equalTo(404));
        given().urlEncodingEnabled(false).get("/internal/orgs/a%00b/teams/" + team).then().statusCode(404)
                .body("error.code", equalTo(404));

        given().auth().oauth2(admin.token()).delete("/v1/orgs/" + org + "/teams/" + team).then().statusCode(204);
        given().get("/internal/orgs/" + org + "/teams/" + team).then().statusCode(404);
    }

    @Test
    void nulCharactersInIdentityPathsAndBodiesAreNoServerError() {
        User admin = user();
        String org = org(admin);
        for (String path : List.of("/v1/orgs/a%00b", "/v1/orgs/" + org + "/members/a%00b", "/v1/orgs/" + org + "/teams/a%00b",
                "/v1/orgs/" + org + "/saml/a%00b", "/v1/orgs/" + org + "/link-invites/a%00b", "/v1/users/a%00b",
                "/internal/orgs/a%00b/members/b%00c", "/internal/users/a%00b")) {
            int status = given().urlEncodingEnabled(false).auth().oauth2(admin.token()).get(path).then().extract().statusCode();
            assertEquals(404, status, path);
        }
        // (a path holding NUL is refused by the platform's path filter before any resource: 404 for deletes too)
        given().urlEncodingEnabled(false).auth().oauth2(admin.token()).delete("/v1/user/tokens/a%00b").then().statusCode(404);
        given().urlEncodingEnabled(false).auth().oauth2(admin.token()).delete("/v1/orgs/" + org + "/members/a%00b")
                .then().statusCode(404);
        for (Map<String, Object> body : List.of(Map.<String, Object>of("title", "Bad\u0000title"),
                Map.<String, Object>of("logo", "https://x.example.com/\u0000"),
                Map.<String, Object>of("defaultContent", Map.of("type", "site", "site", "a\u0000")),
                Map.<String, Object>of("mergeRules", Map.of("type", "rules", "rules", List.of(
                        Map.of("rule", "require_specific_reviewers", "users", List.of("a\u0000"))))))) {
            given().auth().oauth2(admin.token()).contentType(ContentType.JSON).body(body).patch("/v1/orgs/" + org)
                    .then().statusCode(400).body("error.code", equalTo(400));
        }
        given().auth().oauth2(TestApi.admin()).contentType(ContentType.JSON)
                .body(Map.of("email", "nul\u0000@example.com", "displayName", "Nul")).post("/v1/admin/users")
                .then().statusCode(400);
        given().auth().oauth2(admin.token()).contentType(ContentType.JSON).body(Map.of("emails", List.of("nul\u0000@example.com")))
                .post("/v1/orgs/" + org + "/invites").then().statusCode(400);
        given().auth().oauth2(admin.token()).contentType(ContentType.JSON).body(Map.of("label", "a\u0000"))
                .post("/v1/orgs/" + org + "/saml").then().statusCode(400);
        given().auth().oauth2(admin.token()).contentType(ContentType.JSON).body(Map.of("label", "ok", "entityID", "a\u0000"))
                .post("/v1/orgs/" + org + "/saml").then().statusCode(400);
    }

    private static JsonNode single(List<JsonNode> events) {
        assertEquals(1, events.size(), events.toString());
        return events.get(0);
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new java.util.ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> out = new java.util.ArrayList<>();
        node.fieldNames().forEachRemaining(out::add);
        return out;
    }
}
