package io.bindery.gateway.http;

import io.bindery.commons.testing.TestIdentity;
import io.bindery.gateway.testing.UpstreamServers;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.emptyOrNullString;

@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(UpstreamServers.class)
class GatewayAuthTest {

    private static ValidatableResponse call(String authorization) {
        var request = given();
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return request.get("/v1/user").then();
    }

    private static void assertUnauthorized(String authorization) {
        call(authorization).statusCode(401)
                .contentType("application/json")
                .header("WWW-Authenticate", "Bearer")
                .header("X-Request-Id", not(emptyOrNullString()))
                .body("error.code", equalTo(401))
                .body("error.message", not(emptyOrNullString()));
    }

    @Test
    void validTokenPasses() {
        call("Bearer " + TestIdentity.token("user-a")).statusCode(200).body("service", equalTo("identity"));
        call("bearer " + TestIdentity.token("user-a")).statusCode(200); // the scheme is case-insensitive
    }

    @Test
    void missingToken() {
        assertUnauthorized(null);
        call(null).body("error.message", equalTo("missing bearer token: send Authorization: Bearer <token>"));
    }

    @Test
    void malformedTokens() {
        assertUnauthorized("");
        assertUnauthorized("Bearer");
        assertUnauthorized("Bearer ");
        assertUnauthorized("Bearer not-a-jwt");
        assertUnauthorized("Bearer a.b.c");
        assertUnauthorized("Basic dXNlcjpwYXNz");
        assertUnauthorized(TestIdentity.token("user-a")); // no scheme
    }

    @Test
    void expiredToken() {
        String token = TestIdentity.token("user-a", UUID.randomUUID().toString(), Instant.now().minusSeconds(5));
        assertUnauthorized("Bearer " + token);
        call("Bearer " + token).body("error.message", equalTo("token has expired"));
    }

    @Test
    void revokedTokenIsRefusedWithinSeconds() {
        String tokenId = UUID.randomUUID().toString();
        String authorization = "Bearer " + TestIdentity.token("user-r", tokenId, Instant.now().plusSeconds(3600));
        call(authorization).statusCode(200); // verified and cached
        TestIdentity.revoke(tokenId);
        await().atMost(java.time.Duration.ofSeconds(5)).pollInterval(java.time.Duration.ofMillis(100))
                .untilAsserted(() -> assertUnauthorized(authorization));
        call(authorization).body("error.message", equalTo("token has been revoked"));
    }

    @Test
    void tokenSignedByAForeignKey() {
        assertUnauthorized("Bearer " + TestIdentity.foreignToken("user-a"));
    }

    @Test
    void unsignedAlgNoneToken() {
        String header = b64("{\"alg\":\"none\",\"typ\":\"JWT\"}");
        String token = header + "." + b64(claims()) + ".";
        assertUnauthorized("Bearer " + token);
        assertUnauthorized("Bearer " + header + "." + b64(claims())); // without the trailing dot
    }

    @Test
    void hs256TokenKeyedWithThePublicJwks() throws Exception {
        // the classic confusion attack: HMAC "signed" with the issuer's public key material as the secret
        String jwksUrl = ConfigProvider.getConfig().getValue("mp.jwt.verify.publickey.location", String.class);
        String jwks = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(jwksUrl)).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        String signingInput = b64("{\"alg\":\"HS256\",\"typ\":\"JWT\"}") + "." + b64(claims());
        for (byte[] secret : new byte[][]{jwks.getBytes(StandardCharsets.UTF_8), "secret".getBytes(StandardCharsets.UTF_8)}) {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            String signature = Base64.getUrlEncoder().withoutPadding().encodeToString(
                    mac.doFinal(signingInput.getBytes(StandardCharsets.US_ASCII)));
            assertUnauthorized("Bearer " + signingInput + "." + signature);
        }
    }

    @Test
    void unknownPathsNeedATokenToo() {
        assertUnauthorized(null); // /v1/user
        given().get("/v1/no/such/route").then().statusCode(401).header("WWW-Authenticate", "Bearer");
    }

    private static String claims() {
        long now = Instant.now().getEpochSecond();
        return "{\"iss\":\"bindery\",\"sub\":\"user-a\",\"jti\":\"" + UUID.randomUUID() + "\",\"iat\":" + now
                + ",\"exp\":" + (now + 3600) + "}";
    }

    private static String b64(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }
}
