package io.bindery.content;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.agroal.api.AgroalDataSource;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.contracts.review.ReviewEventTypes;
import io.bindery.contracts.testing.ContractFixtures;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import static io.bindery.content.TestApi.as;
import static io.bindery.content.TestApi.internal;
import static io.bindery.content.TestApi.member;
import static io.bindery.content.TestApi.space;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What content-service gives the review service: the internal access checks, templates into a change request's
 * branch, the branch export for PDFs, the change-request content event, and the Space counters review sends back
 * on bindery.review.events (through a real broker into the real consumer).
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class ReviewSupportTest {
    @Inject
    AgroalDataSource db;
    @Inject
    ObjectMapper json;
    @ConfigProperty(name = "kafka.bootstrap.servers")
    String bootstrap;

    static JsonPath branch(String space) {
        return internal().body("{}").post("/internal/spaces/" + space + "/branches").then().statusCode(201).extract().jsonPath();
    }

    /** Envelopes of one event type about one subject in the outbox, oldest first. */
    List<JsonNode> outbox(String type, String subject) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        try (Connection c = db.getConnection(); PreparedStatement s = c.prepareStatement(
                "SELECT envelope FROM content.outbox_event WHERE type = ? AND aggregate_id = ? ORDER BY id")) {
            s.setString(1, type);
            s.setString(2, subject);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.add(json.readTree(rs.getString(1)));
                }
            }
        }
        return out;
    }

    long reviewStatsVersion(String space) throws SQLException {
        try (Connection c = db.getConnection(); PreparedStatement s = c.prepareStatement(
                "SELECT review_stats_version FROM content.space WHERE id = ?")) {
            s.setString(1, space);
            try (ResultSet rs = s.executeQuery()) {
                assertTrue(rs.next());
                return rs.getLong(1);
            }
        }
    }

    @Test
    void accessIsTheUsersRoleOnTheSpace() {
        String org = Ids.newId();
        String admin = member(org, "admin", null);
        String reader = member(org, "read", "read");
        String guest = member(org, null, "read");
        String stranger = Ids.newId();
        String space = space(org, admin, "Handbook");
        JsonPath view = as(admin).get("/v1/spaces/" + space).then().statusCode(200).extract().jsonPath();

        internal().queryParam("user", admin).get("/internal/spaces/" + space + "/access").then().statusCode(200)
                .body("role", equalTo("admin"))
                .body("space.id", equalTo(space))
                .body("space.organization", equalTo(org))
                .body("space.title", equalTo("Handbook"))
                .body("space.editMode", equalTo("live"))
                .body("space.mergeRules", equalTo(view.getMap("mergeRules")))
                .body("space.revision", equalTo(view.getString("revision")))
                .body("space.deleted", equalTo(false));
        internal().queryParam("user", reader).get("/internal/spaces/" + space + "/access").then().statusCode(200)
                .body("role", equalTo("read"));
        // a guest without a grant and a non-member may not see the space: role null, present
        internal().queryParam("user", guest).get("/internal/spaces/" + space + "/access").then().statusCode(200)
                .body("$", hasKey("role")).body("role", nullValue()).body("space.id", equalTo(space));
        internal().queryParam("user", stranger).get("/internal/spaces/" + space + "/access").then().statusCode(200)
                .body("$", hasKey("role")).body("role", nullValue());
        as(admin).body("{\"role\":\"comment\"}").patch("/v1/spaces/" + space + "/permissions/users/" + guest).then().statusCode(204);
        internal().queryParam("user", guest).get("/internal/spaces/" + space + "/access").then().statusCode(200)
                .body("role", equalTo("comment"));

        internal().get("/internal/spaces/" + space + "/access").then().statusCode(400).body("error.code", equalTo(400));
        internal().queryParam("user", "").get("/internal/spaces/" + space + "/access").then().statusCode(400);
        internal().queryParam("user", admin).get("/internal/spaces/" + Ids.newId() + "/access").then().statusCode(404)
                .body("error.code", equalTo(404));
        as(admin).delete("/v1/spaces/" + space).then().statusCode(204);
        internal().queryParam("user", admin).get("/internal/spaces/" + space + "/access").then().statusCode(404);
    }

    @Test
    void readableSpacesFollowTheVisibilityRule() {
        String org = Ids.newId();
        String admin = member(org, "admin", null);
        String reader = member(org, "read", "read");
        String guest = member(org, null, "read");
        String first = space(org, admin, "First");
        String second = space(org, admin, "Second");
        String binned = space(org, admin, "Binned");
        as(admin).body("{\"role\":\"read\"}").patch("/v1/spaces/" + second + "/permissions/users/" + guest).then().statusCode(204);
        as(admin).delete("/v1/spaces/" + binned).then().statusCode(204);

        internal().queryParam("user", admin).get("/internal/orgs/" + org + "/readable-spaces").then().statusCode(200)
                .body("spaces", equalTo(List.of(first, second)));
        internal().queryParam("user", reader).get("/internal/orgs/" + org + "/readable-spaces").then().statusCode(200)
                .body("spaces", equalTo(List.of(first, second)));
        internal().queryParam("user", guest).get("/internal/orgs/" + org + "/readable-spaces").then().statusCode(200)
                .body("spaces", equalTo(List.of(second)));

        internal().queryParam("user", Ids.newId()).get("/internal/orgs/" + org + "/readable-spaces").then().statusCode(404)
                .body("error.code", equalTo(404));
        internal().get("/internal/orgs/" + org + "/readable-spaces").then().statusCode(400).body("error.code", equalTo(400));
        // a member of an organization without spaces reads none
        String empty = Ids.newId();
        String lonely = member(empty, "read", "read");
        internal().queryParam("user", lonely).get("/internal/orgs/" + empty + "/readable-spaces").then().statusCode(200)
                .body("spaces", empty());
    }

    @Test
    void templatesGoIntoABranchAndItsPagesExportInTreeOrder() {
        String org = Ids.newId();
        String admin = member(org, "admin", null);
        String space = space(org, admin, "Product");
        String cr = branch(space).getString("id");
        String base = "/internal/spaces/" + space + "/branches/" + cr;

        JsonPath empty = internal().get(base + "/pages").then().statusCode(200).extract().jsonPath();
        assertEquals(List.of(), empty.getList("pages"));

        // a branch created with a template starts with its pages; an unknown template creates no branch
        String templated = Ids.newId();
        internal().body("{\"id\":\"" + templated + "\",\"template\":\"team-handbook\"}").post("/internal/spaces/" + space + "/branches")
                .then().statusCode(201).body("id", equalTo(templated)).body("revision", not(equalTo(empty.getString("revision"))));
        assertFalse(internal().get("/internal/spaces/" + space + "/branches/" + templated + "/pages").then().statusCode(200)
                .extract().jsonPath().getList("pages").isEmpty());
        String refused = Ids.newId();
        internal().body("{\"id\":\"" + refused + "\",\"template\":\"nope\"}").post("/internal/spaces/" + space + "/branches")
                .then().statusCode(400).body("error.message", containsString("team-handbook"));
        internal().get("/internal/spaces/" + space + "/branches/" + refused).then().statusCode(404);

        JsonPath applied = internal().body("{\"id\":\"product-docs\",\"createdBy\":\"" + admin + "\"}").post(base + "/template")
                .then().statusCode(201).body("changeRequest.id", equalTo(cr)).body("changeRequest.status", equalTo("open"))
                .extract().jsonPath();
        String head = applied.getString("revision");
        assertEquals(head, applied.getString("changeRequest.revision"));
        assertNotEquals(empty.getString("revision"), head);

        JsonPath export = internal().get(base + "/pages").then().statusCode(200).body("revision", equalTo(head))
                .extract().jsonPath();
        assertEquals(List.of("Getting started", "Installation", "Configuration", "Guides", "Your first project", "Upgrading", "FAQ"),
                export.getList("pages.title"));
        assertEquals(List.of(0, 0, 0, 0, 1, 1, 0), export.getList("pages.depth"));
        assertEquals(List.of("getting-started", "installation", "configuration", "guides", "guides/first-project",
                "guides/upgrading", "faq"), export.getList("pages.path"));
        // the markdown is the page body as the change-request content API serves it
        String upgradingId = export.getString("pages[5].id");
        String upgrading = as(admin).queryParam("format", "markdown")
                .get("/v1/spaces/" + space + "/change-requests/" + cr + "/content/page/" + upgradingId)
                .then().statusCode(200).extract().path("markdown");
        assertEquals(upgrading, export.getString("pages[5].markdown"));
        assertFalse(export.getString("pages[3].markdown").isBlank());

        internal().queryParam("page", upgradingId).get(base + "/pages").then().statusCode(200)
                .body("revision", equalTo(head))
                .body("pages.size()", equalTo(1))
                .body("pages[0].id", equalTo(upgradingId))
                .body("pages[0].title", equalTo("Upgrading"))
                .body("pages[0].path", equalTo("guides/upgrading"))
                .body("pages[0].depth", equalTo(1))
                .body("pages[0].markdown", equalTo(upgrading));
        internal().queryParam("page", Ids.newId()).get(base + "/pages").then().statusCode(404).body("error.code", equalTo(404));
        // size guards: refused before any markdown is read, and exactly at the limit still answered
        internal().queryParam("maxPages", 6).get(base + "/pages").then().statusCode(400)
                .body("error.message", containsString("7 pages, more than 6"));
        internal().queryParam("maxPages", 7).get(base + "/pages").then().statusCode(200).body("pages.size()", equalTo(7));
        internal().queryParam("maxChars", 10).get(base + "/pages").then().statusCode(400)
                .body("error.message", containsString("characters of markdown, more than 10"));
        internal().queryParam("maxChars", 1_000_000).get(base + "/pages").then().statusCode(200);
        internal().get("/internal/spaces/" + space + "/branches/" + Ids.newId() + "/pages").then().statusCode(404);
        internal().get("/internal/spaces/" + Ids.newId() + "/branches/" + cr + "/pages").then().statusCode(404);
        // the live content is untouched until the change request is merged
        as(admin).get("/v1/spaces/" + space + "/content/pages").then().statusCode(200).body("pages", empty());

        internal().body("{\"id\":\"no-such-template\"}").post(base + "/template").then().statusCode(400)
                .body("error.code", equalTo(400)).body("error.message", containsString("product-docs, api-reference, team-handbook"));
        internal().body("{}").post(base + "/template").then().statusCode(400).body("error.message", containsString("id is required"));
        internal().body("{\"id\":\"team-handbook\"}").post("/internal/spaces/" + space + "/branches/" + Ids.newId() + "/template")
                .then().statusCode(404).body("error.code", equalTo(404));

        internal().body("{}").post(base + "/merge").then().statusCode(200);
        internal().body("{\"id\":\"team-handbook\"}").post(base + "/template").then().statusCode(409).body("error.code", equalTo(409));
        // a merged change request still exports its head
        internal().get(base + "/pages").then().statusCode(200).body("revision", equalTo(head)).body("pages.size()", equalTo(7));
    }

    @Test
    void everyBranchWritePublishesTheChangeRequestContentEvent() throws Exception {
        String type = "bindery.change-request.content.updated.v1";
        String org = Ids.newId();
        String admin = member(org, "admin", null);
        String space = space(org, admin, "Events");
        JsonPath created = branch(space);
        String cr = created.getString("id");

        String afterBatch = as(admin).body("{\"changes\":[{\"operation\":\"insert_page\",\"title\":\"Welcome\",\"document\":{\"markdown\":\"Hi.\"}}]}")
                .post("/v1/spaces/" + space + "/change-requests/" + cr + "/content").then().statusCode(200)
                .extract().path("revision");
        List<JsonNode> events = outbox(type, space);
        assertEquals(1, events.size());
        JsonNode data = events.get(0).path("data");
        assertEquals(space, data.path("space").asText());
        assertEquals(cr, data.path("changeRequest").asText());
        assertEquals(afterBatch, data.path("revision").asText());
        assertEquals(created.getString("revision"), data.path("previousRevision").asText());
        assertEquals(admin, data.path("author").asText());
        assertEquals(space, events.get(0).path("subject").asText());

        String afterTemplate = internal().body("{\"id\":\"api-reference\"}").post("/internal/spaces/" + space + "/branches/" + cr + "/template")
                .then().statusCode(201).extract().path("revision");
        events = outbox(type, space);
        assertEquals(2, events.size());
        data = events.get(1).path("data");
        assertEquals(afterTemplate, data.path("revision").asText());
        assertEquals(afterBatch, data.path("previousRevision").asText());
        assertTrue(data.has("author") && data.path("author").isNull(), "author is null, not absent: " + data);

        // update: nothing to bring in while main has not moved, so no event
        internal().body("{}").post("/internal/spaces/" + space + "/branches/" + cr + "/update").then().statusCode(200)
                .body("revision", equalTo(afterTemplate));
        assertEquals(2, outbox(type, space).size());
        // main moves (another change request merged): the update writes a new head and says so
        String other = branch(space).getString("id");
        as(admin).body("{\"changes\":[{\"operation\":\"insert_page\",\"title\":\"Elsewhere\",\"document\":{\"markdown\":\"Other.\"}}]}")
                .post("/v1/spaces/" + space + "/change-requests/" + other + "/content").then().statusCode(200);
        internal().body("{}").post("/internal/spaces/" + space + "/branches/" + other + "/merge").then().statusCode(200);
        String afterUpdate = internal().body("{}").post("/internal/spaces/" + space + "/branches/" + cr + "/update")
                .then().statusCode(200).extract().path("revision");
        assertNotEquals(afterTemplate, afterUpdate);
        events = outbox(type, space);
        assertEquals(4, events.size(), "the other branch's write and this update");
        data = events.get(3).path("data");
        assertEquals(cr, data.path("changeRequest").asText());
        assertEquals(afterUpdate, data.path("revision").asText());
        assertEquals(afterTemplate, data.path("previousRevision").asText());
        assertTrue(data.path("author").isNull());
        assertEquals(other, events.get(2).path("data").path("changeRequest").asText());
    }

    @Test
    void reviewStatsEventsSetTheSpaceCountersNewestVersionWins() throws Exception {
        String org = Ids.newId();
        String admin = member(org, "admin", null);
        String space = space(org, admin, "Counted");
        String marker = space(org, admin, "Marker");
        try (KafkaProducer<String, String> producer = producer()) {
            send(producer, space, "bindery.space.review-stats.updated.v1", stats(space, 3, 2, 1, 1, 5));
            await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
                    .until(() -> as(admin).get("/v1/spaces/" + space).then().extract().<Integer>path("comments") == 3);
            as(admin).get("/v1/spaces/" + space).then().statusCode(200).body("comments", equalTo(3))
                    .body("changeRequests", equalTo(2)).body("changeRequestsOpen", equalTo(1)).body("changeRequestsDraft", equalTo(1));
            assertEquals(5, reviewStatsVersion(space));

            // an older version, a redelivery of the applied version with other counts, another event type and an
            // unknown space change nothing; the marker behind them (same key, so same partition, so read after
            // them) tells when they have been consumed
            send(producer, space, "bindery.space.review-stats.updated.v1", stats(space, 9, 9, 9, 9, 4));
            send(producer, space, "bindery.space.review-stats.updated.v1", stats(space, 8, 8, 8, 8, 5));
            send(producer, space, "bindery.change-request.created.v1", Map.of("space", space, "comments", 7, "version", 99));
            send(producer, space, "bindery.space.review-stats.updated.v1", stats(Ids.newId(), 1, 1, 1, 1, 1));
            send(producer, space, "bindery.space.review-stats.updated.v1", stats(marker, 4, 3, 2, 1, 1));
            await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
                    .until(() -> as(admin).get("/v1/spaces/" + marker).then().extract().<Integer>path("comments") == 4);
        }
        as(admin).get("/v1/spaces/" + space).then().statusCode(200).body("comments", equalTo(3))
                .body("changeRequests", equalTo(2)).body("changeRequestsOpen", equalTo(1)).body("changeRequestsDraft", equalTo(1));
        assertEquals(5, reviewStatsVersion(space));
        as(admin).get("/v1/spaces/" + marker).then().body("changeRequests", equalTo(3)).body("changeRequestsOpen", equalTo(2))
                .body("changeRequestsDraft", equalTo(1));
        // a counter change is no settings change
        assertEquals(0, outbox("bindery.space.updated.v1", space).size());

        // a settings update afterwards keeps the counters (it never writes them back)
        as(admin).body("{\"title\":\"Renamed\"}").patch("/v1/spaces/" + space).then().statusCode(200)
                .body("title", equalTo("Renamed")).body("comments", equalTo(3));
        // and review's access check sees the renamed space
        internal().queryParam("user", admin).get("/internal/spaces/" + space + "/access").then().statusCode(200)
                .body("space.title", equalTo("Renamed"));
    }

    /** The consumer's side of review's contract: the shared fixture, as review publishes it, is applied. */
    @Test
    void theReviewStatsFixtureIsApplied() throws Exception {
        String org = Ids.newId();
        String admin = member(org, "admin", null);
        String space = space(org, admin, "Fixture");
        Map<String, Object> data = json.convertValue(ContractFixtures.tree("review/review-stats-updated"),
                new com.fasterxml.jackson.core.type.TypeReference<LinkedHashMap<String, Object>>() {
                });
        data.put("space", space);
        try (KafkaProducer<String, String> producer = producer()) {
            send(producer, space, ReviewEventTypes.SPACE_REVIEW_STATS_UPDATED, data);
        }
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100))
                .until(() -> reviewStatsVersion(space) == ((Number) data.get("version")).longValue());
        as(admin).get("/v1/spaces/" + space).then().statusCode(200).body("comments", equalTo(data.get("comments")))
                .body("changeRequests", equalTo(data.get("changeRequests")))
                .body("changeRequestsOpen", equalTo(data.get("changeRequestsOpen")))
                .body("changeRequestsDraft", equalTo(data.get("changeRequestsDraft")));
    }

    KafkaProducer<String, String> producer() {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        return new KafkaProducer<>(p);
    }

    static Map<String, Object> stats(String space, int comments, int changeRequests, int open, int draft, long version) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("space", space);
        data.put("comments", comments);
        data.put("changeRequests", changeRequests);
        data.put("changeRequestsOpen", open);
        data.put("changeRequestsDraft", draft);
        data.put("version", version);
        return data;
    }

    /** A CloudEvent as review's outbox relay publishes it, keyed by {@code key}; waits until the broker has it. */
    void send(KafkaProducer<String, String> producer, String key, String type, Map<String, Object> data) throws Exception {
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("specversion", "1.0");
        event.put("id", Ids.newId());
        event.put("source", "/bindery/review-service");
        event.put("type", type);
        event.put("subject", String.valueOf(data.get("space")));
        event.put("time", Instant.now().toString());
        event.put("datacontenttype", "application/json");
        event.put("data", data);
        producer.send(new ProducerRecord<>("bindery.review.events", key, json.writeValueAsString(event))).get();
    }
}
