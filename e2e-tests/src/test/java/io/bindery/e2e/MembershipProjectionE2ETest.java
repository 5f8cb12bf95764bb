package io.bindery.e2e;

import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.Map;

import static io.bindery.e2e.Stack.api;
import static org.awaitility.Awaitility.await;

/**
 * Across services through Kafka: identity publishes the new organization's admin membership, and
 * content-service's projection (platform-commons) records it from the event.
 */
class MembershipProjectionE2ETest {
    static final String DB = System.getenv().getOrDefault("BINDERY_E2E_DB_URL", "jdbc:postgresql://127.0.0.1:55432/bindery_e2e");

    @Test
    void contentServiceLearnsNewMembershipsFromIdentityEvents() {
        String admin = Stack.adminToken();
        String userId = api(admin).get("/v1/user").then().statusCode(200).extract().path("id");
        String org = api(admin).contentType(ContentType.JSON).body(Map.of("title", "Projection check"))
                .post("/v1/orgs").then().statusCode(201).extract().path("id");
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200))
                .until(() -> "admin".equals(projectedRole(org, userId)));
    }

    private static String projectedRole(String org, String user) throws Exception {
        try (Connection c = DriverManager.getConnection(DB, "bindery", "bindery");
             PreparedStatement s = c.prepareStatement(
                     "SELECT role FROM content.projected_membership WHERE organization_id = ? AND user_id = ? AND active")) {
            s.setString(1, org);
            s.setString(2, user);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }
}
