package io.bindery.gateway.limits;

import io.bindery.commons.testing.TestIdentity;
import io.bindery.gateway.testing.UpstreamServers;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@QuarkusTest
@TestProfile(RateLimitTest.FivePerMinute.class)
@WithTestResource(TestIdentity.class)
@WithTestResource(UpstreamServers.class)
class RateLimitTest {

    public static class FivePerMinute implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("bindery.gateway.rate-limit.per-minute", "5",
                    "bindery.gateway.cors.origins", "https://app.example");
        }
    }

    @Test
    void sixthRequestOfAMinuteIs429WithRetryAfter() {
        String authorization = "Bearer " + TestIdentity.token("user-limited");
        long now = System.currentTimeMillis() / 1000;
        for (int i = 0; i < 5; i++) {
            given().header("Authorization", authorization).get("/v1/user")
                    .then().statusCode(200)
                    .header("X-RateLimit-Limit", "5")
                    .header("X-RateLimit-Remaining", String.valueOf(4 - i))
                    .header("X-RateLimit-Reset", notNullValue());
        }
        Response refused = given().header("Authorization", authorization).get("/v1/user");
        refused.then().statusCode(429)
                .contentType("application/json")
                .body("error.code", equalTo(429))
                .header("X-RateLimit-Limit", "5")
                .header("X-RateLimit-Remaining", "0")
                .header("X-Request-Id", notNullValue());
        long retryAfter = Long.parseLong(refused.header("Retry-After"));
        assertTrue(retryAfter >= 1 && retryAfter <= 12, "Retry-After " + retryAfter);
        long reset = Long.parseLong(refused.header("X-RateLimit-Reset"));
        assertTrue(reset >= now + 50 && reset <= now + 62, "reset " + reset + " vs now " + now);

        // another token has its own bucket
        given().header("Authorization", "Bearer " + TestIdentity.token("user-other")).get("/v1/user")
                .then().statusCode(200).header("X-RateLimit-Remaining", "4");
    }

    @Test
    void onlyConfiguredOriginsGetCorsHeaders() {
        given().header("Origin", "https://app.example").header("Access-Control-Request-Method", "GET")
                .options("/v1/user")
                .then().statusCode(204)
                .header("Access-Control-Allow-Origin", "https://app.example")
                .header("Vary", "Origin");
        Response other = given().header("Origin", "https://evil.example").header("Access-Control-Request-Method", "GET")
                .options("/v1/user");
        assertEquals(403, other.statusCode());
        assertEquals(null, other.header("Access-Control-Allow-Origin"));
    }
}
