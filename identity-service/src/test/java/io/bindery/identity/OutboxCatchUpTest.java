package io.bindery.identity;

import io.bindery.contracts.identity.IdentityEventTypes;
import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.testing.KafkaBrokerProcess;
import io.bindery.commons.testing.TopicProbe;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The transactional outbox survives Kafka being away: with the broker stopped, ten changes still answer
 * 2xx; once it is back, all ten events arrive, in the order the changes were made. The broker is a real
 * Kafka process of this test's own (one partition, so the order of all events is observable).
 */
@QuarkusTest
@TestProfile(OutboxCatchUpTest.OwnBroker.class)
class OutboxCatchUpTest {

    public static class OwnBroker implements QuarkusTestProfile {
        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(BrokerResource.class));
        }

        /** Only the outbox is under test: the content-events consumer would just retry against the stopped broker. */
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("bindery.consumers.content-events.enabled", "false");
        }
    }

    public static class BrokerResource implements QuarkusTestResourceLifecycleManager {
        static KafkaBrokerProcess broker;

        @Override
        public Map<String, String> start() {
            try {
                broker = new KafkaBrokerProcess(1);
                broker.start();
                return Map.of("kafka.bootstrap.servers", broker.bootstrap());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        public void stop() {
            try {
                broker.stop();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Test
    void changesMadeWhileKafkaIsDownArriveInOrderWhenItReturns() throws Exception {
        String admin = Files.readString(Path.of("target/test-admin-token")).trim();
        KafkaBrokerProcess broker = BrokerResource.broker;
        broker.stop();

        List<String> userIds = new ArrayList<>();
        String run = UUID.randomUUID().toString().substring(0, 8);
        for (int i = 0; i < 10; i++) {
            userIds.add(given().auth().oauth2(admin).contentType(ContentType.JSON)
                    .body(Map.of("email", "catchup-" + run + "-" + i + "@example.com", "displayName", "User " + i))
                    .post("/v1/admin/users").then().statusCode(201).extract().path("id"));
        }

        broker.start();
        try (TopicProbe probe = new TopicProbe(broker.bootstrap(), IdentityEventTypes.TOPIC)) {
            List<JsonNode> events = probe.awaitEvents(seen -> seen.stream()
                    .filter(e -> userIds.contains(e.path("subject").asText())).count() >= 10, Duration.ofSeconds(60));
            List<String> arrived = events.stream()
                    .filter(e -> e.path("type").asText().equals("bindery.user.created.v1"))
                    .map(e -> e.path("subject").asText())
                    .filter(userIds::contains)
                    .distinct()
                    .toList();
            assertEquals(userIds, arrived);
        }
    }
}
