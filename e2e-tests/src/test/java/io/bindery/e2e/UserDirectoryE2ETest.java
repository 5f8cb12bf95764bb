package io.bindery.e2e;

import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

import static io.bindery.e2e.Stack.api;
import static io.bindery.e2e.Stack.service;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.*;

/**
 * The user directory's two sources, for real: identity's internal user endpoint (the read-through) and the
 * bindery.user.created.v1 event that content-service's directory records.
 */
class UserDirectoryE2ETest {
    static final String DB = System.getenv().getOrDefault("BINDERY_E2E_DB_URL", "jdbc:postgresql://127.0.0.1:55432/bindery_e2e");

    @Test
    void identityAnswersAUserOnItsInternalApiAndUnknownIdsAre404() {
        String admin = Stack.adminToken();
        String email = "dir" + UUID.randomUUID().toString().substring(0, 12) + "@directory.example";
        Instant before = Instant.now().minusSeconds(1);
        String id = api(admin).contentType(ContentType.JSON).body(Map.of("email", email, "displayName", "Directory User"))
                .post("/v1/admin/users").then().statusCode(201).extract().path("id");
        String location = api(admin).get("/v1/users/" + id).then().statusCode(200).extract().path("urls.location");

        String asOf = Stack.internal("identity").get("/internal/users/" + id).then().statusCode(200)
                .contentType(ContentType.JSON)
                .body("object", equalTo("user"))
                .body("id", equalTo(id))
                .body("displayName", equalTo("Directory User"))
                .body("email", equalTo(email))
                .body("urls.location", equalTo(location))
                .body("$", not(hasKey("photoURL")))
                .extract().path("asOf");
        org.junit.jupiter.api.Assertions.assertTrue(Instant.parse(asOf).isAfter(before), "asOf is the time of the answer");

        Stack.internal("identity").get("/internal/users/" + UUID.randomUUID()).then().statusCode(404)
                .contentType(ContentType.JSON).body("error.code", equalTo(404)).body("error.message", not(emptyOrNullString()));
        // internal: the gateway does not route it
        api(admin).get("/internal/users/" + id).then().statusCode(404).body("error.code", equalTo(404));
    }

    @Test
    void contentServiceRecordsUsersFromIdentityEvents() {
        String admin = Stack.adminToken();
        String email = "dir" + UUID.randomUUID().toString().substring(0, 12) + "@directory.example";
        String id = api(admin).contentType(ContentType.JSON).body(Map.of("email", email, "displayName", "Evented User"))
                .post("/v1/admin/users").then().statusCode(201).extract().path("id");
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200))
                .until(() -> ("Evented User|" + email).equals(projectedUser(id)));
    }

    private static String projectedUser(String id) throws Exception {
        try (Connection c = DriverManager.getConnection(DB, "bindery", "bindery");
             PreparedStatement s = c.prepareStatement("SELECT display_name, email FROM content.projected_user WHERE id = ?")) {
            s.setString(1, id);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getString(1) + "|" + rs.getString(2) : null;
            }
        }
    }
}
