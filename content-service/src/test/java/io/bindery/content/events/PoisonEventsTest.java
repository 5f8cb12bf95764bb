package io.bindery.content.events;

import io.bindery.commons.testing.TestIdentity;
import io.bindery.contracts.content.ContentEventTypes;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 34: an event that can never apply is dead-lettered at once, with its reason, and holds nothing back: invalid
 * JSON, a CloudEvent without id, an unknown version of a known type, and data the consumer refuses
 * (IllegalArgumentException) each become a dead letter on their first delivery, while the next event of the same
 * aggregate applies. The service stays ready and live. An operator's replay after the fix applies the refused one,
 * a discard removes another, both audited; a replay of an event that is not there is a 404.
 */
@QuarkusTest
@TestProfile(PoisonEventsTest.Poison.class)
@WithTestResource(TestIdentity.class)
class PoisonEventsTest {
    public static class Poison implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("bindery.test.flaky-consumer.enabled", "true",
                    "bindery.events.max-attempts", "3",
                    "bindery.events.retry-backoff", "PT0.05S",
                    "bindery.events.retry-parked-every", "1s");
        }
    }

    @ConfigProperty(name = "kafka.bootstrap.servers")
    String bootstrap;
    @Inject
    EntityManager em;

    @BeforeEach
    void freshStart() {
        FlakyTopic.forgetEarlierRuns(em);
    }

    @Test
    void undeliverableEventsAreDeadLetteredAtOnceAndHoldNothingBack() throws Exception {
        String aggregate = "aggregate-" + UUID.randomUUID();
        String noId = "no-id-" + UUID.randomUUID();
        String unknownVersion = "v99-" + UUID.randomUUID();
        String refused = "refused-" + UUID.randomUUID();
        String next = "next-" + UUID.randomUUID();
        String v99 = ContentEventTypes.SPACE_UPDATED.replace(".v1", ".v99");
        try (FlakyTopic topic = new FlakyTopic(bootstrap)) {
            topic.sendRaw(aggregate, "{\"specversion\":\"1.0\", \"id\": \"" + UUID.randomUUID() + "\", not json");
            topic.sendRaw(aggregate, "{\"specversion\":\"1.0\",\"source\":\"/bindery/test\",\"type\":\"bindery.test.v1\",\"subject\":\""
                    + noId + "\",\"data\":{}}");
            topic.sendRaw(aggregate, FlakyTopic.envelope(unknownVersion, v99, aggregate, "{}"));
            topic.sendRaw(aggregate, FlakyTopic.envelope(refused, "bindery.test.v1", aggregate, "{\"poison\":true}"));
            topic.send(next, aggregate, 0);
            await().atMost(Duration.ofSeconds(30)).until(() -> FlakyConsumer.APPLIED.containsKey(next));
        }
        assertEquals(1, FlakyConsumer.ATTEMPTS.get(refused).get(), "not retried: retrying cannot help");
        assertFalse(FlakyConsumer.ATTEMPTS.containsKey(unknownVersion), "an unknown version is never handed to apply");

        JsonPath parked = given().get("/internal/events/parked").then().statusCode(200).extract().jsonPath();
        List<Map<String, Object>> mine = parked.getList("items.findAll { it.topic == '" + FlakyConsumer.TOPIC + "' }");
        assertEquals(4, mine.size(), "four dead letters: " + mine);
        assertTrue(mine.stream().allMatch(e -> "dead".equals(e.get("state")) && aggregate.equals(e.get("aggregate"))), mine.toString());
        assertReason(mine, null, "not JSON");
        assertReason(mine, null, "not a CloudEvent");
        assertReason(mine, unknownVersion, "unknown version " + v99);
        assertReason(mine, refused, "data without the field");
        given().get("/q/health/ready").then().statusCode(200)
                .body("checks.find { it.name == 'events' }.status", equalTo("UP"))
                .body("checks.find { it.name == 'events' }.data.deadLetteredEvents", equalTo(4));
        given().get("/q/health/live").then().statusCode(200);
        given().get("/q/metrics").then().body(containsString("bindery_events_dead_lettered 4.0"));
        assertEquals(0, ((Number) parked.get("parked")).intValue());

        // the fix lands: an operator's replay applies the refused event
        FlakyConsumer.cured = true;
        given().contentType(ContentType.JSON).body(Map.of("action", "replay", "topic", FlakyConsumer.TOPIC,
                        "eventId", refused, "actor", "operator-1"))
                .post("/internal/events/parked").then().statusCode(200).body("applied", equalTo(1)).body("failed", equalTo(0));
        assertTrue(FlakyConsumer.APPLIED.containsKey(refused));
        // the one that is not JSON can never apply: discarded
        String notJson = (String) mine.stream().filter(e -> String.valueOf(e.get("reason")).contains("not JSON"))
                .findFirst().orElseThrow().get("eventId");
        given().contentType(ContentType.JSON).body(Map.of("action", "discard", "topic", FlakyConsumer.TOPIC,
                "eventId", notJson, "actor", "operator-1")).post("/internal/events/parked").then().statusCode(200)
                .body("discarded", equalTo(1));
        given().contentType(ContentType.JSON).body(Map.of("action", "replay", "topic", FlakyConsumer.TOPIC,
                "eventId", "no-such-event", "actor", "operator-1")).post("/internal/events/parked").then().statusCode(404)
                .body("error.message", containsString("no-such-event"));
        given().contentType(ContentType.JSON).body(Map.of("action", "explode")).post("/internal/events/parked")
                .then().statusCode(400).body("error.code", equalTo(400));
        List<Map<String, Object>> left = given().get("/internal/events/parked").then().statusCode(200).extract().jsonPath()
                .getList("items.findAll { it.topic == '" + FlakyConsumer.TOPIC + "' }");
        assertEquals(2, left.size(), "the CloudEvent without id and the unknown version are left: " + left);
        @SuppressWarnings("unchecked")
        List<Object[]> audit = QuarkusTransaction.requiringNew().call(() -> em.createNativeQuery(
                        "SELECT action, event_id, outcome FROM event_audit WHERE actor = 'operator-1' AND topic = :t ORDER BY id")
                .setParameter("t", FlakyConsumer.TOPIC).getResultList());
        assertEquals(2, audit.size());
        assertEquals("replay", audit.get(0)[0]);
        assertEquals(refused, audit.get(0)[1]);
        assertEquals("discard", audit.get(1)[0]);
        // the rest, replayed as they are, are still undeliverable: they stay, with their reason
        given().contentType(ContentType.JSON).body(Map.of("action", "replay", "topic", FlakyConsumer.TOPIC, "actor", "operator-1"))
                .post("/internal/events/parked").then().statusCode(200).body("applied", equalTo(0)).body("failed", equalTo(2));
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery(
                "DELETE FROM failed_event WHERE topic = :t").setParameter("t", FlakyConsumer.TOPIC).executeUpdate());
    }

    private static void assertReason(List<Map<String, Object>> events, String eventId, String reason) {
        assertTrue(events.stream().anyMatch(e -> (eventId == null || eventId.equals(e.get("eventId")))
                && String.valueOf(e.get("reason")).contains(reason)), reason + " in " + events);
    }
}
