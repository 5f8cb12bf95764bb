package io.bindery.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.contracts.content.ContentEventTypes;
import io.bindery.contracts.sites.SitesEventTypes;
import io.bindery.e2e.E2EFixtures.TestOrg;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.Test;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;

import static io.bindery.e2e.ContentFixtures.as;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One trace from a client through the gateway, a service, Kafka and a consumer into the consumer's own event: a
 * space deleted with a client's W3C traceparent produces content's event carrying that trace, and sites-service,
 * which consumes it and takes the space out of its site, publishes its own event in the same trace.
 */
class TracingE2ETest {
    static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aTraceRunsFromTheGatewayAcrossKafkaIntoAConsumersEvents() throws Exception {
        TestOrg org = E2EFixtures.newTestOrg();
        String admin = org.admin().token();
        String space = as(admin).body(Map.of("title", "Traced")).post(org.path() + "/spaces").then().statusCode(201).extract().path("id");
        String site = as(admin).body(Map.of("title", "Traced site", "spaces", List.of(space))).post(org.path() + "/sites")
                .then().statusCode(201).extract().path("id");

        SecureRandom random = new SecureRandom();
        String traceId = HexFormat.of().formatHex(random.generateSeed(16));
        String clientSpan = HexFormat.of().formatHex(random.generateSeed(8));
        as(admin).header("traceparent", "00-" + traceId + "-" + clientSpan + "-00").delete("/v1/spaces/" + space)
                .then().statusCode(204).header("X-Request-Id", notNullValue());

        JsonNode deleted = await(ContentEventTypes.TOPIC, e -> space.equals(e.path("subject").asText())
                && ContentEventTypes.SPACE_DELETED.equals(e.path("type").asText()));
        String[] produced = deleted.path("traceparent").asText("").split("-");
        assertEquals(4, produced.length, "content's event carries a traceparent: " + deleted);
        assertEquals(traceId, produced[1], "in the client's trace");
        assertNotEquals(clientSpan, produced[2], "its parent is a span of the gateway or content, not the client's");

        JsonNode left = await(SitesEventTypes.TOPIC, e -> site.equals(e.path("subject").asText())
                && SitesEventTypes.SITE_SPACE_DELETED.equals(e.path("type").asText()));
        String[] consumed = left.path("traceparent").asText("").split("-");
        assertEquals(4, consumed.length, "sites' event carries a traceparent: " + left);
        assertEquals(traceId, consumed[1], "sites consumed content's event in the same trace and published in it");
        assertTrue(!consumed[2].equals(produced[2]), "from a span of its own");
    }

    /** The first event of the topic that matches, read from the start within 30 s. */
    static JsonNode await(String topic, java.util.function.Predicate<JsonNode> wanted) throws Exception {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, Stack.KAFKA);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, "tracing-e2e-" + UUID.randomUUID());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(p)) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(200))) {
                    JsonNode event = JSON.readTree(r.value());
                    if (wanted.test(event)) {
                        return event;
                    }
                }
            }
        }
        throw new AssertionError("no such event on " + topic + " within 30 s");
    }
}
