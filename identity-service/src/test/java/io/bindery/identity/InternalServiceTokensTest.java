package io.bindery.identity;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;

/**
 * Service tokens: identity mints them only for the holder of the service secret; its own internal API then answers
 * a service token for identity-service, and refuses no token, a user's token and a token for another service.
 */
@QuarkusTest
@TestProfile(InternalServiceTokensTest.Required.class)
class InternalServiceTokensTest {
    public static class Required implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("bindery.internal-auth.required", "true");
        }
    }

    static final String SECRET = "test-only-service-secret-0123456789";

    static String mint(String service, String audience) {
        return given().header("Authorization", "Bearer " + SECRET).contentType("application/json")
                .body(Map.of("service", service, "audience", audience)).post("/internal/service-tokens")
                .then().statusCode(200).body("expiresAt", notNullValue()).extract().path("token");
    }

    @Test
    void mintedForTheSecretHolderAndCheckedByAudience() {
        given().contentType("application/json").body(Map.of("service", "content-service", "audience", "identity-service"))
                .post("/internal/service-tokens").then().statusCode(401).body("error.code", equalTo(401));
        given().header("Authorization", "Bearer not-the-secret").contentType("application/json")
                .body(Map.of("service", "content-service", "audience", "identity-service"))
                .post("/internal/service-tokens").then().statusCode(401);
        given().header("Authorization", "Bearer " + SECRET).contentType("application/json")
                .body(Map.of("service", "Content Service!", "audience", "identity-service"))
                .post("/internal/service-tokens").then().statusCode(400);

        TestApi.User user = TestApi.user();
        String path = "/internal/users/" + user.id();
        given().get(path).then().statusCode(401).body("error.code", equalTo(401));
        given().auth().oauth2(user.token()).get(path).then().statusCode(401).body("error.message", containsString("service token"));
        given().auth().oauth2(mint("content-service", "review-service")).get(path).then().statusCode(401)
                .body("error.message", containsString("identity-service"));
        given().auth().oauth2(mint("content-service", "identity-service")).get(path).then().statusCode(200)
                .body("id", equalTo(user.id()));
        given().auth().oauth2(mint("content-service", "identity-service")).get("/internal/token-revocations").then().statusCode(200);
        // a service token is no user: the public API refuses it
        given().auth().oauth2(mint("content-service", "identity-service")).get("/v1/user").then().statusCode(401);
    }
}
