package io.bindery.identity;

import io.bindery.contracts.identity.IdentityEventTypes;
import io.bindery.commons.testing.TopicProbe;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

@QuarkusTest
class TokensAndUsersTest {
    static String admin;

    @BeforeAll
    static void adminToken() throws Exception {
        Path file = Path.of("target/test-admin-token");
        admin = Files.readString(file).trim();
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    }

    static String email() {
        return "u-" + UUID.randomUUID() + "@example.com";
    }

    static Response createUser(String email) {
        return given().auth().oauth2(admin).contentType(ContentType.JSON)
                .body(Map.of("email", email, "displayName", "Ada Lovelace"))
                .post("/v1/admin/users");
    }

    static String tokenFor(String userId) {
        return given().auth().oauth2(admin).contentType(ContentType.JSON).body("{}")
                .post("/v1/admin/users/" + userId + "/tokens")
                .then().statusCode(201).extract().path("token");
    }

    @Test
    void jwksPublishesTheRs256Key() {
        given().get("/.well-known/jwks.json").then().statusCode(200)
                .body("keys[0].kty", equalTo("RSA"))
                .body("keys[0].alg", equalTo("RS256"))
                .body("keys[0].kid", notNullValue())
                .body("keys[0].d", nullValue());
    }

    @Test
    void adminTokenFromTheFileIdentifiesTheInstanceAdmin() {
        given().auth().oauth2(admin).get("/v1/user").then().statusCode(200)
                .body("object", equalTo("user"))
                .body("email", equalTo("admin@bindery.local"))
                .body("urls.location", startsWith("http://127.0.0.1:8080/v1/users/"));
    }

    @Test
    void missingOrBadTokensAre401WithTheErrorBody() {
        given().get("/v1/user").then().statusCode(401).contentType(ContentType.JSON)
                .body("error.code", equalTo(401)).body("error.message", containsString("bearer"));
        given().auth().oauth2("not.a.jwt").get("/v1/user").then().statusCode(401).body("error.code", equalTo(401));
        given().header("Authorization", "Basic abc").get("/v1/user").then().statusCode(401);
    }

    @Test
    void adminCreatesUsersWithUniqueEmails() {
        String email = email();
        String id = createUser(email).then().statusCode(201)
                .body("object", equalTo("user")).body("email", equalTo(email))
                .body("displayName", equalTo("Ada Lovelace")).body("id", matchesPattern("[0-9A-Za-z]{20}"))
                .extract().path("id");
        createUser(email.toUpperCase()).then().statusCode(409).body("error.code", equalTo(409));
        given().auth().oauth2(admin).get("/v1/users/" + id).then().statusCode(200).body("id", equalTo(id));
        given().auth().oauth2(admin).get("/v1/users/nobody").then().statusCode(404).body("error.code", equalTo(404));
    }

    @Test
    void badUserInputIs400NamingTheField() {
        createUser("not-an-email").then().statusCode(400).body("error.message", containsString("email"));
        given().auth().oauth2(admin).contentType(ContentType.JSON).body("{\"email\":\"a@b.co\"}")
                .post("/v1/admin/users").then().statusCode(400).body("error.message", containsString("displayName"));
        given().auth().oauth2(admin).contentType(ContentType.JSON).body("{\"email\":\"a@b.co\",\"displayName\":7}")
                .post("/v1/admin/users").then().statusCode(400).body("error.message", containsString("displayName"));
        given().auth().oauth2(admin).contentType(ContentType.JSON).body("{\"email\": ")
                .post("/v1/admin/users").then().statusCode(400).body("error.message", containsString("malformed JSON"));
        given().auth().oauth2(admin).contentType(ContentType.JSON).body("[1,2]")
                .post("/v1/admin/users").then().statusCode(400).body("error.code", equalTo(400));
        given().auth().oauth2(admin).contentType(ContentType.TEXT).body("hello")
                .post("/v1/admin/users").then().statusCode(415).body("error.code", equalTo(415));
        given().auth().oauth2(admin).put("/v1/user").then().statusCode(405).body("error.code", equalTo(405));
    }

    @Test
    void onlyTheInstanceAdminAdministers() {
        String id = createUser(email()).then().statusCode(201).extract().path("id");
        String token = tokenFor(id);
        given().auth().oauth2(token).get("/v1/user").then().statusCode(200).body("id", equalTo(id));
        given().auth().oauth2(token).contentType(ContentType.JSON).body(Map.of("email", email(), "displayName", "X"))
                .post("/v1/admin/users").then().statusCode(403).body("error.code", equalTo(403));
        given().auth().oauth2(token).contentType(ContentType.JSON).body("{}")
                .post("/v1/admin/users/" + id + "/tokens").then().statusCode(403);
        given().auth().oauth2(admin).contentType(ContentType.JSON).body("{}")
                .post("/v1/admin/users/nobody/tokens").then().statusCode(404);
    }

    @Test
    void usersMintAndRevokeTheirOwnTokens() {
        String id = createUser(email()).then().statusCode(201).extract().path("id");
        String first = tokenFor(id);
        Response minted = given().auth().oauth2(first).contentType(ContentType.JSON)
                .body(Map.of("expiresInSeconds", 3600)).post("/v1/user/tokens");
        minted.then().statusCode(201).body("object", equalTo("token")).body("id", notNullValue())
                .body("expiresAt", matchesPattern("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z"));
        String second = minted.path("token");
        String secondId = minted.path("id");
        given().auth().oauth2(second).get("/v1/user").then().statusCode(200).body("id", equalTo(id));

        given().auth().oauth2(first).contentType(ContentType.JSON).body(Map.of("expiresInSeconds", 5))
                .post("/v1/user/tokens").then().statusCode(400).body("error.message", containsString("expiresInSeconds"));
        given().auth().oauth2(first).contentType(ContentType.JSON).body(Map.of("expiresInSeconds", "soon"))
                .post("/v1/user/tokens").then().statusCode(400).body("error.message", containsString("expiresInSeconds"));
        given().auth().oauth2(first).post("/v1/user/tokens").then().statusCode(201);

        // someone else cannot revoke it: 204, and it keeps working
        String other = tokenFor(createUser(email()).then().extract().path("id"));
        given().auth().oauth2(other).delete("/v1/user/tokens/" + secondId).then().statusCode(204);
        given().auth().oauth2(second).get("/v1/user").then().statusCode(200);

        given().auth().oauth2(first).delete("/v1/user/tokens/" + secondId).then().statusCode(204);
        await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(100)).untilAsserted(() ->
                given().auth().oauth2(second).get("/v1/user").then().statusCode(401)
                        .body("error.message", containsString("revoked")));
        given().auth().oauth2(first).get("/v1/user").then().statusCode(200);
        given().auth().oauth2(first).delete("/v1/user/tokens/unknown").then().statusCode(204);
    }

    @Test
    void creatingAnOrganizationMakesTheCallerItsAdmin() {
        String hostname = "h" + UUID.randomUUID().toString().substring(0, 8);
        String org = given().auth().oauth2(admin).contentType(ContentType.JSON)
                .body(Map.of("title", "Acme Docs", "emailDomains", new String[]{"Acme.com"}, "hostname", hostname))
                .post("/v1/orgs").then().statusCode(201)
                .body("object", equalTo("organization"))
                .body("title", equalTo("Acme Docs"))
                .body("emailDomains", contains("acme.com"))
                .body("hostname", equalTo(hostname))
                .body("type", equalTo("business"))
                .body("plan", notNullValue())
                .body("inviteLinks", equalTo(true))
                .body("mergeRules.type", notNullValue())
                .body("$", hasKey("defaultRole"))
                .body("urls.location", startsWith("http://127.0.0.1:8080/v1/orgs/"))
                .body("permissions.admin", equalTo(true))
                .extract().path("id");
        assertFalse(org.isEmpty());
        given().auth().oauth2(admin).contentType(ContentType.JSON).body(Map.of("title", "Other", "hostname", hostname))
                .post("/v1/orgs").then().statusCode(409);
        given().auth().oauth2(admin).contentType(ContentType.JSON).body(Map.of("title", "A"))
                .post("/v1/orgs").then().statusCode(400).body("error.message", containsString("title"));
        given().auth().oauth2(admin).contentType(ContentType.JSON).body(Map.of("title", "Fine", "hostname", "No Spaces"))
                .post("/v1/orgs").then().statusCode(400).body("error.message", containsString("hostname"));
        given().auth().oauth2(admin).contentType(ContentType.JSON).body(Map.of("title", "Fine", "type", "weird"))
                .post("/v1/orgs").then().statusCode(400).body("error.message", containsString("type"));
        given().auth().oauth2(admin).contentType(ContentType.JSON).body(Map.of("title", "Fine", "emailDomains", new String[]{"not a domain"}))
                .post("/v1/orgs").then().statusCode(400).body("error.message", containsString("emailDomains"));

        try (TopicProbe probe = new TopicProbe(ConfigProvider.getConfig().getValue("kafka.bootstrap.servers", String.class),
                IdentityEventTypes.TOPIC)) {
            probe.awaitEvents(events -> !TopicProbe.about(events, "bindery.organization.created.v1", org).isEmpty()
                    && !TopicProbe.about(events, "bindery.member.added.v1", org).isEmpty(), Duration.ofSeconds(20));
            var created = TopicProbe.about(probe.awaitEvents(e -> true, Duration.ofSeconds(1)), "bindery.organization.created.v1", org).get(0);
            assertEquals("1.0", created.path("specversion").asText());
            assertEquals("/bindery/identity-service", created.path("source").asText());
            assertEquals("Acme Docs", created.path("data").path("title").asText());
            assertFalse(created.path("data").has("permissions"));
        }
    }

    @Test
    void unknownIdentityPathsAre404() {
        given().auth().oauth2(admin).get("/v1/orgs/abc/nothing-here").then().statusCode(404)
                .body("error.code", equalTo(404));
    }
}
