package io.bindery.content.spaces;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.agroal.api.AgroalDataSource;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.contracts.content.SpacePurged;
import io.bindery.contracts.testing.ContractFixtures;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import static io.bindery.content.TestApi.as;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Deleted spaces stay restorable for the retention period, then the purge job removes them for good (with their
 * revisions and grants) and says so with bindery.space.purged.v1. The retention is shortened to seconds here.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@TestProfile(SpaceRetentionTest.ShortRetention.class)
class SpaceRetentionTest {

    public static class ShortRetention implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("bindery.content.deleted-retention", "3s", "bindery.content.purge-every", "1s",
                    "bindery.content.purge-delay", "1s");
        }
    }

    @Inject
    AgroalDataSource db;
    @Inject
    ObjectMapper json;

    JsonNode purgedData(String id) throws Exception {
        try (Connection c = db.getConnection(); PreparedStatement s = c.prepareStatement(
                "SELECT envelope FROM content.outbox_event WHERE type = 'bindery.space.purged.v1' AND aggregate_id = ?")) {
            s.setString(1, id);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return json.readTree(rs.getString(1)).path("data");
            }
        }
    }

    long count(String sql, String id) throws SQLException {
        try (Connection c = db.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, id);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    @Test
    void deletedSpacesAreRestorableUntilTheRetentionEndsThenPurged() throws Exception {
        String org = Ids.newId();
        String admin = Ids.newId();
        String member = Ids.newId();
        TestIdentity.addMembership(org, admin, "admin", null, Instant.now());
        TestIdentity.addMembership(org, member, "read", null, Instant.now());

        String kept = as(admin).body("{\"title\":\"Kept\"}").post("/v1/orgs/" + org + "/spaces")
                .then().statusCode(201).extract().path("id");
        String purged = as(admin).body("{\"title\":\"Purged\"}").post("/v1/orgs/" + org + "/spaces")
                .then().statusCode(201).extract().path("id");
        as(admin).body("{\"role\":\"edit\"}").patch("/v1/spaces/" + purged + "/permissions/users/" + member).then().statusCode(204);
        assertEquals(1, count("SELECT count(*) FROM content.content_grant WHERE target_id = ?", purged));
        assertEquals(1, count("SELECT count(*) FROM content.revision WHERE space_id = ?", purged));

        // within the retention: restorable at once
        as(admin).delete("/v1/spaces/" + kept).then().statusCode(204);
        as(admin).get("/v1/spaces/" + kept).then().statusCode(404);
        as(admin).post("/v1/spaces/" + kept + "/restore").then().statusCode(200)
                .body("id", equalTo(kept)).body("$", not(hasKey("deletedAt")));

        as(admin).delete("/v1/spaces/" + purged).then().statusCode(204);
        // polling restore would undo the deletion: watch the table instead
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(250))
                .until(() -> count("SELECT count(*) FROM content.space WHERE id = ?", purged) == 0);

        as(admin).post("/v1/spaces/" + purged + "/restore").then().statusCode(404).body("error.code", equalTo(404));
        as(admin).get("/v1/spaces/" + purged).then().statusCode(404);
        as(admin).delete("/v1/spaces/" + purged).then().statusCode(204);
        assertEquals(0, count("SELECT count(*) FROM content.revision WHERE space_id = ?", purged));
        assertEquals(0, count("SELECT count(*) FROM content.content_grant WHERE target_id = ?", purged));
        assertEquals(1, count("SELECT count(*) FROM content.outbox_event WHERE type = 'bindery.space.purged.v1' AND aggregate_id = ?",
                purged));
        // the event's data is the contract's (platform-contracts' content/space-purged fixture)
        JsonNode data = purgedData(purged);
        ContractFixtures.assertServes("content/space-purged", data);
        SpacePurged event = json.treeToValue(data, SpacePurged.class);
        assertEquals(purged, event.id());
        assertEquals(org, event.organization());

        // restored before the retention ended: never purged, though it was deleted earlier than the purged one
        as(admin).get("/v1/spaces/" + kept).then().statusCode(200).body("title", equalTo("Kept"));
        assertEquals(1, count("SELECT count(*) FROM content.space WHERE id = ?", kept));
        assertEquals(0, count("SELECT count(*) FROM content.outbox_event WHERE type = 'bindery.space.purged.v1' AND aggregate_id = ?",
                kept));
    }
}
