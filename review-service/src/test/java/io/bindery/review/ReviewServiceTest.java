package io.bindery.review;

import io.bindery.commons.testing.TestIdentity;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

/**
 * The service on its own: it starts (schema migrated), refuses missing tokens, and answers 503 with the error
 * body, not a 500, while content-service (spaces, roles, branches) cannot be reached. The workflow itself is
 * tested end to end against the real content-service (e2e-tests: ChangeRequestsE2ETest, CommentsE2ETest,
 * ReviewPermissionsE2ETest).
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@TestProfile(ReviewServiceTest.ContentDown.class)
class ReviewServiceTest {
    public static class ContentDown implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            // a port nothing listens on
            return Map.of("bindery.content-url", "http://127.0.0.1:9", "bindery.consumers.content-events.enabled", "false");
        }
    }

    @Test
    void isReadyWithMetricsOpenApiAndAsyncApi() {
        given().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
        given().get("/q/metrics").then().statusCode(200);
        given().get("/q/openapi").then().statusCode(200).body(containsString("/v1/spaces/{spaceId}/change-requests"));
        given().get("/asyncapi.yaml").then().statusCode(200).body(containsString("bindery.change-request.merged.v1"));
    }

    @Test
    void refusesMissingAndForeignTokens() {
        given().get("/v1/spaces/s1/change-requests").then().statusCode(401).body("error.code", equalTo(401));
        given().header("Authorization", "Bearer " + TestIdentity.foreignToken("u1"))
                .get("/v1/spaces/s1/comments").then().statusCode(401);
    }

    @Test
    void contentUnreachableIs503WithTheErrorBody() {
        given().header("Authorization", "Bearer " + TestIdentity.token("u1"))
                .get("/v1/spaces/s1/change-requests").then().statusCode(503)
                .body("error.code", equalTo(503)).body("error.message", containsString("content-service unavailable"));
        given().header("Authorization", "Bearer " + TestIdentity.token("u1")).contentType("application/json").body("{}")
                .post("/v1/spaces/s1/comments").then().statusCode(503).body("error.code", equalTo(503));
    }

    @Test
    void unknownRoutesAre404() {
        given().header("Authorization", "Bearer " + TestIdentity.token("u1"))
                .get("/v1/spaces/s1/change-requests/1/nothing-here").then().statusCode(404).body("error.code", equalTo(404));
    }
}
