package io.bindery.content.events;

import io.bindery.commons.testing.TestIdentity;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Consumers never drop an event, through a real broker: one whose first two attempts fail applies on the third; a
 * poisoned one is parked (gauge, readiness down once it waits too long) while later events of other aggregates still
 * flow, and the scheduled retry applies it once it can.
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

    void send(KafkaProducer<String, String> producer, String id, String subject, int failTimes) throws Exception {
        String envelope = "{\"specversion\":\"1.0\",\"id\":\"" + id + "\",\"source\":\"/bindery/test\",\"type\":\"bindery.test.v1\","
                + "\"subject\":\"" + subject + "\",\"time\":\"" + Instant.now() + "\",\"data\":{\"failTimes\":" + failTimes + "}}";
        producer.send(new ProducerRecord<>(FlakyConsumer.TOPIC, subject, envelope)).get();
    }

    @Test
    void retriedThenParkedThenAppliedNothingDropped() throws Exception {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        String flaky = "flaky-" + UUID.randomUUID();
        String poison = "poison-" + UUID.randomUUID();
        String later = "later-" + UUID.randomUUID();
        String behind = "behind-" + UUID.randomUUID();
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
            send(producer, flaky, "aggregate-a", 2);
            await().atMost(Duration.ofSeconds(30)).until(() -> FlakyConsumer.APPLIED.containsKey(flaky));
            assertEquals(3, FlakyConsumer.ATTEMPTS.get(flaky).get(), "applied on the third attempt");

            send(producer, poison, "aggregate-b", 1_000_000);
            send(producer, behind, "aggregate-b", 0); // same aggregate: must wait behind the parked one
            send(producer, later, "aggregate-c", 0);
            await().atMost(Duration.ofSeconds(30)).until(() -> FlakyConsumer.APPLIED.containsKey(later));
        }
        assertTrue(!FlakyConsumer.APPLIED.containsKey(poison));
        assertTrue(!FlakyConsumer.APPLIED.containsKey(behind), "a later event of the parked aggregate waits");
        given().get("/q/metrics").then().statusCode(200).body(containsString("bindery_events_parked 2.0"));
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> given().get("/q/health/ready").then().statusCode(503)
                .body("checks.find { it.name == 'events' }.status", equalTo("DOWN"))
                .body("checks.find { it.name == 'events' }.data.parkedEvents", equalTo(2)));

        // the cause is fixed: the scheduled retry applies it, and readiness comes back
        FlakyConsumer.cured = true;
        await().atMost(Duration.ofSeconds(30)).until(() -> FlakyConsumer.APPLIED.containsKey(behind));
        assertTrue(FlakyConsumer.ORDER.indexOf(poison) < FlakyConsumer.ORDER.indexOf(behind), "the aggregate's order is kept");
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> given().get("/q/health/ready").then().statusCode(200));
    }
}
