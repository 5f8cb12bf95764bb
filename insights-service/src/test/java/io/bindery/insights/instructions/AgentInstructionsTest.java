package io.bindery.insights.instructions;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
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
}
