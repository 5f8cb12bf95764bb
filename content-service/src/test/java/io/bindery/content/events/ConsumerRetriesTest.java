package io.bindery.content.events;

import io.bindery.commons.testing.TestIdentity;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Consumers never drop an event, through a real broker: one whose first two attempts fail applies on the third; one
 * that keeps failing for a passing reason is parked (gauge, reported overdue once it waits too long, yet the service
 * stays ready) while later events of other aggregates still flow, and the scheduled retry applies it once it can.
 */
@QuarkusTest
@TestProfile(ConsumerRetriesTest.Flaky.class)
@WithTestResource(TestIdentity.class)
class ConsumerRetriesTest {
    public static class Flaky implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("bindery.test.flaky-consumer.enabled", "true",
                    "bindery.events.max-attempts", "3",
                    "bindery.events.retry-backoff", "PT0.05S",
                    "bindery.events.parked-max-age", "PT1S",
                    "bindery.events.retry-parked-every", "1s",
                    "bindery.events.retry-parked-first-delay", "PT1S");
        }
    }

    @ConfigProperty(name = "kafka.bootstrap.servers")
    String bootstrap;
    @jakarta.inject.Inject
    jakarta.persistence.EntityManager em;

    @org.junit.jupiter.api.BeforeEach
    void freshStart() {
        FlakyTopic.forgetEarlierRuns(em);
    }

    @Test
    void retriedThenParkedThenAppliedNothingDropped() throws Exception {
        String flaky = "flaky-" + UUID.randomUUID();
        String poison = "poison-" + UUID.randomUUID();
        String later = "later-" + UUID.randomUUID();
        String behind = "behind-" + UUID.randomUUID();
        try (FlakyTopic topic = new FlakyTopic(bootstrap)) {
            topic.send(flaky, "aggregate-a", 2);
            await().atMost(Duration.ofSeconds(30)).until(() -> FlakyConsumer.APPLIED.containsKey(flaky));
            assertEquals(3, FlakyConsumer.ATTEMPTS.get(flaky).get(), "applied on the third attempt");

            topic.send(poison, "aggregate-b", 1_000_000);
            topic.send(behind, "aggregate-b", 0); // same aggregate: must wait behind the parked one
            topic.send(later, "aggregate-c", 0);
            await().atMost(Duration.ofSeconds(30)).until(() -> FlakyConsumer.APPLIED.containsKey(later));
        }
        assertTrue(!FlakyConsumer.APPLIED.containsKey(poison));
        assertTrue(!FlakyConsumer.APPLIED.containsKey(behind), "a later event of the parked aggregate waits");
        given().get("/q/metrics").then().statusCode(200).body(containsString("bindery_events_parked 2.0"));
        // parked longer than parked-max-age (1 s here): reported as overdue, but the service stays ready (issue 34:
        // it can serve requests, and one bad event must not take its API out of the load balancer)
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> given().get("/q/health/ready").then().statusCode(200)
                .body("checks.find { it.name == 'events' }.status", equalTo("UP"))
                .body("checks.find { it.name == 'events' }.data.parkedEvents", equalTo(2))
                .body("checks.find { it.name == 'events' }.data.overdueParked", equalTo(true)));
        given().get("/q/health/live").then().statusCode(200);
        given().get("/internal/events/parked").then().statusCode(200)
                .body("items.find { it.eventId == '" + poison + "' }.state", equalTo("parked"))
                .body("items.find { it.eventId == '" + behind + "' }.reason", containsString("held behind"));

        // the cause is fixed: the scheduled retry applies it, and the one held behind it follows
        FlakyConsumer.cured = true;
        await().atMost(Duration.ofSeconds(30)).until(() -> FlakyConsumer.APPLIED.containsKey(behind));
        assertTrue(FlakyConsumer.ORDER.indexOf(poison) < FlakyConsumer.ORDER.indexOf(behind), "the aggregate's order is kept");
        assertEquals(1, FlakyConsumer.ATTEMPTS.get(behind).get(), "the held event was not tried before its turn");
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> given().get("/q/health/ready").then().statusCode(200)
                .body("checks.find { it.name == 'events' }.data.parkedEvents", equalTo(0)));
    }
}
