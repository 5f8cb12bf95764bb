package io.bindery.content;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

/**
 * content-service's internal API answers only a service token minted for it: no token, a user's API token, or a
 * service token for another service is a 401; and a service token cannot call the public API.
 */
@QuarkusTest
@TestProfile(InternalAuthTest.Required.class)
@WithTestResource(TestIdentity.class)
class InternalAuthTest {
    public static class Required implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("bindery.internal-auth.required", "true");
        }
    }

    @Test
    void onlyAServiceTokenForThisServiceOpensTheInternalApi() {
        String org = Ids.newId();
        String admin = Ids.newId();
        TestIdentity.addMembership(org, admin, "admin", null, Instant.now());
        String space = TestApi.space(org, admin, "Internal");
        String access = "/internal/spaces/" + space + "/access";

        given().queryParam("user", admin).get(access).then().statusCode(401).body("error.code", equalTo(401));
        given().header("Authorization", "Bearer " + TestIdentity.token(admin)).queryParam("user", admin).get(access)
                .then().statusCode(401).body("error.message", containsString("service token"));
        given().header("Authorization", "Bearer " + TestIdentity.serviceToken("review-service", "identity-service"))
                .queryParam("user", admin).get(access).then().statusCode(401).body("error.message", containsString("content-service"));
        given().header("Authorization", "Bearer " + TestIdentity.foreignToken("service:review-service"))
                .queryParam("user", admin).get(access).then().statusCode(401);
        // nothing was merged or created by the refused calls
        given().contentType("application/json").body("{}").post("/internal/spaces/" + space + "/branches").then().statusCode(401);

        given().header("Authorization", "Bearer " + TestIdentity.serviceToken("review-service", "content-service"))
                .queryParam("user", admin).get(access).then().statusCode(200).body("role", equalTo("admin"));
        // a service token is not a user: the public API refuses it
        given().header("Authorization", "Bearer " + TestIdentity.serviceToken("review-service", "content-service"))
                .get("/v1/spaces/" + space).then().statusCode(401).body("error.message", containsString("service token"));
    }
}
