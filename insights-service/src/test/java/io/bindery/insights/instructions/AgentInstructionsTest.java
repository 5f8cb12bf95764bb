package io.bindery.insights.instructions;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.quarkus.test.common.WithTestResource;
import io.bindery.commons.projection.IdentityEventsConsumer;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static io.bindery.insights.testing.InsightsFixtures.as;
import static io.bindery.insights.testing.InsightsFixtures.member;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

@QuarkusTest
@WithTestResource(TestIdentity.class)
class AgentInstructionsTest {
    @Test
    void membersReadAdminsWrite() {
        String org = Ids.newId();
        String admin = member(org, "admin");
        String editor = member(org, "create");
        String url = "/v1/orgs/" + org + "/agent-instructions";

        // never written: GitBook's OrganizationAgentInstructions still requires updatedAt (a date-time): the epoch
        String never = as(editor).get(url).then().statusCode(200).body("object", equalTo("agent-instructions"))
                .body("instructions.object", equalTo("document")).body("instructions.nodes.size()", equalTo(0))
                .body("updatedAt", notNullValue()).body("updatedBy", nullValue())
                .body("urls.location", containsString("/agent-instructions")).extract().path("updatedAt");
        assertEquals(Instant.EPOCH, Instant.parse(never));

        // GitBook's JSON document, as its API takes it
        String document = """
                {"instructions": {"object": "document", "data": {}, "nodes": [{"object": "block", "type": "paragraph",
                  "data": {}, "nodes": [{"object": "text", "leaves": [{"object": "leaf", "text": "Answer in English.", "marks": []}]}]}]}}""";
        as(admin).body(document).put(url).then().statusCode(200)
                .body("instructions.nodes[0].type", equalTo("paragraph"))
                .body("updatedBy", equalTo(admin)).body("updatedAt", notNullValue());
        String written = as(editor).get(url).then().statusCode(200).body("updatedBy", equalTo(admin))
                .extract().path("updatedAt");
        assertTrue(Instant.parse(written).isAfter(Instant.now().minusSeconds(60)), written);
        as(editor).get(url).then().statusCode(200).body("updatedAt", equalTo(written))
                .body("instructions.nodes[0].nodes[0].leaves[0].text", equalTo("Answer in English."));

        // markdown, as comments take it
        as(admin).body("{\"instructions\": {\"markdown\": \"# Tone\\n\\nBe brief.\"}}").put(url).then().statusCode(200)
                .body("instructions.nodes[0].type", equalTo("heading-1"));

        as(editor).body("{\"instructions\": {\"markdown\": \"x\"}}").put(url).then().statusCode(403);
        as(admin).body("{}").put(url).then().statusCode(400).body("error.message", containsString("instructions"));
        as(admin).body("{\"instructions\": \"text\"}").put(url).then().statusCode(400)
                .body("error.message", containsString("instructions"));
        as(admin).body("{\"instructions\": {\"object\": \"block\"}}").put(url).then().statusCode(400)
                .body("error.message", containsString("instructions"));
        as(editor).get(url).then().statusCode(200).body("instructions.nodes[0].type", equalTo("heading-1"));

        // sites' internal read: the markdown itself; never written is empty
        io.restassured.RestAssured.given().get("/internal/orgs/" + org + "/agent-instructions").then().statusCode(200)
                .body("organization", equalTo(org)).body("markdown", containsString("Be brief."));
        io.restassured.RestAssured.given().get("/internal/orgs/" + Ids.newId() + "/agent-instructions").then().statusCode(200)
                .body("markdown", equalTo(""));
    }

    @Inject
    IdentityEventsConsumer identityEvents;

    @Test
    void aNewOrganizationsInstructionsAreMadeByItsFirstAdmin() {
        String org = Ids.newId();
        String first = member(org, "admin");
        String second = member(org, "admin");
        String url = "/v1/orgs/" + org + "/agent-instructions";
        Instant made = Instant.parse("2030-05-01T10:00:00Z");
        // identity's member.added for the creator, then a later admin, then the creator's again (redelivered)
        memberAdded(org, first, "admin", made);
        memberAdded(org, second, "admin", made.plusSeconds(60));
        memberAdded(org, first, "admin", made);
        String at = as(second).get(url).then().statusCode(200).body("updatedBy", equalTo(first))
                .body("instructions.nodes.size()", equalTo(0)).extract().path("updatedAt");
        assertEquals(made, Instant.parse(at));
        io.restassured.RestAssured.given().get("/internal/orgs/" + org + "/agent-instructions").then().statusCode(200)
                .body("markdown", equalTo(""));
        // a member who is not an admin makes nothing
        String other = Ids.newId();
        String reader = member(other, "read");
        memberAdded(other, reader, "read", made);
        as(reader).get("/v1/orgs/" + other + "/agent-instructions").then().statusCode(200).body("updatedBy", nullValue());
        // a write replaces it all
        as(second).body("{\"instructions\": {\"markdown\": \"Be brief.\"}}").put(url).then().statusCode(200)
                .body("updatedBy", equalTo(second));
    }

    private void memberAdded(String org, String user, String role, Instant joinedAt) {
        com.fasterxml.jackson.databind.node.ObjectNode e = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        e.put("specversion", "1.0").put("id", Ids.newId()).put("source", "/bindery/identity-service")
                .put("type", "bindery.member.added.v1").put("subject", org).put("time", joinedAt.toString());
        e.putObject("data").put("organization", org).put("user", user).put("role", role).put("joinedAt", joinedAt.toString());
        QuarkusTransaction.requiringNew().run(() -> identityEvents.applyParked(e));
    }
}
