package io.bindery.content;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.config.EncoderConfig;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

/** Input that PostgreSQL cannot store never becomes a 500: NUL and non-UTF-8 in a path, a query or a body. */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class BadInputTest {
    /** As the user, with paths and queries sent as written: the bad bytes must reach the service. */
    static RequestSpecification as(String user) {
        return TestApi.as(user).urlEncodingEnabled(false);
    }

    @Test
    void nulAndInvalidUtf8AreClientErrorsAndChangeNothing() {
        String org = Ids.newId();
        String admin = Ids.newId();
        TestIdentity.addMembership(org, admin, "admin", null, Instant.now());
        as(admin).get("/v1/spaces/a%00b").then().statusCode(404).body("error.code", equalTo(404));
        as(admin).get("/v1/spaces/a%FFb").then().statusCode(404).body("error.code", equalTo(404));
        as(admin).get("/v1/orgs/" + org + "/spaces?page=%00").then().statusCode(400).body("error.code", equalTo(400));
        as(admin).get("/v1/orgs/" + org + "/spaces?limit=%C3").then().statusCode(400).body("error.code", equalTo(400));
        // a NUL inside a JSON string reaches the database, which refuses it: 400, and no space is created
        as(admin).body("{\"title\":\"Bad\\u0000title\"}").post("/v1/orgs/" + org + "/spaces")
                .then().statusCode(400).body("error.code", equalTo(400));
        as(admin).get("/v1/orgs/" + org + "/spaces").then().statusCode(200).body("count", equalTo(0));
        // bytes that are not UTF-8 in the body: malformed JSON
        given().header("Authorization", "Bearer " + TestIdentity.token(admin))
                .config(io.restassured.RestAssured.config().encoderConfig(EncoderConfig.encoderConfig()
                        .encodeContentTypeAs("application/octet-stream", io.restassured.http.ContentType.BINARY)))
                .contentType("application/json").body(new byte[]{'{', '"', 't', 'i', 't', 'l', 'e', '"', ':', '"', (byte) 0xFF, '"', '}'})
                .post("/v1/orgs/" + org + "/spaces").then().statusCode(400);
        as(admin).get("/v1/orgs/" + org + "/spaces").then().statusCode(200).body("count", equalTo(0));
    }

    @Test
    void aRequestTargetTheGatewayLetsThroughIsReadNotRefusedByVertx() {
        // the gateway passes request targets up to 8192 characters and header lines up to 16384 bytes: the service
        // must read them (Vert.x's default 4096-byte line answered 414 with an empty body), so a long cursor is a 400
        String org = Ids.newId();
        String admin = Ids.newId();
        TestIdentity.addMembership(org, admin, "admin", null, Instant.now());
        as(admin).get("/v1/orgs/" + org + "/spaces?page=" + "a".repeat(5000)).then().statusCode(400)
                .contentType("application/json").body("error.code", equalTo(400))
                .body("error.message", containsString("page"));
        String longest = "/v1/orgs/" + org + "/spaces?page=";
        as(admin).get(longest + "a".repeat(8192 - longest.length())).then().statusCode(400).body("error.code", equalTo(400));
        as(admin).header("X-Padding", "p".repeat(16000)).get("/v1/orgs/" + org + "/spaces").then().statusCode(200);
    }

    @Test
    void aHostileTransferTargetIsA400NeverA500() throws Exception {
        String org = Ids.newId();
        String admin = TestApi.member(org, "admin");
        String space = TestApi.space(org, admin, "Moving");
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        for (String hostile : java.util.List.of("x".repeat(5000), "../" + org, "a%00b", "a\u0000b", "an org", "\u00e9t\u00e9",
                "a/b", "a?b", "")) {
            TestApi.as(admin).body(json.writeValueAsString(java.util.Map.of("organization", hostile)))
                    .post("/v1/spaces/" + space + "/transfer").then().statusCode(400).body("error.code", equalTo(400))
                    .body("error.message", containsString("organization"));
        }
        // the shape of an id that no organization has: 404, after asking identity
        TestApi.as(admin).body("{\"organization\":\"" + Ids.newId() + "\"}").post("/v1/spaces/" + space + "/transfer")
                .then().statusCode(404).body("error.code", equalTo(404));
        TestApi.as(admin).get("/v1/spaces/" + space).then().statusCode(200).body("organization", equalTo(org));
    }
}
