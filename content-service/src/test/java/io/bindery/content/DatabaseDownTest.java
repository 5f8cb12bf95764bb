package io.bindery.content;

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
 * A database that cannot be reached: every route that needs it answers 503 with Retry-After and the error body
 * (not 500), and readiness is down so a load balancer stops sending traffic.
 */
@QuarkusTest
@TestProfile(DatabaseDownTest.NoDatabase.class)
@WithTestResource(TestIdentity.class)
class DatabaseDownTest {
    public static class NoDatabase implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of(
                    // nothing listens on port 1
                    "quarkus.datasource.jdbc.url", "jdbc:postgresql://127.0.0.1:1/nowhere",
                    "quarkus.datasource.jdbc.acquisition-timeout", "1S",
                    "quarkus.flyway.migrate-at-start", "false",
                    "bindery.projections.memberships.enabled", "false");
        }
    }

    @Test
    void routesAnswer503WithRetryAfterAndReadinessIsDown() {
        String token = TestIdentity.token("someone");
        given().header("Authorization", "Bearer " + token).get("/v1/spaces/abc")
                .then().statusCode(503).header("Retry-After", "5")
                .body("error.code", equalTo(503)).body("error.message", containsString("database"));
        given().header("Authorization", "Bearer " + token).contentType("application/json").body("{\"title\":\"x\"}")
                .post("/v1/orgs/o/spaces").then().statusCode(503).header("Retry-After", "5");
        given().get("/q/health/ready").then().statusCode(503).body("status", equalTo("DOWN"));
    }
}
