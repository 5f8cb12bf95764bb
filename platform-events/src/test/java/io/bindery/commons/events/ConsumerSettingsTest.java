package io.bindery.commons.events;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The settings each TopicConsumer's Kafka consumer gets: long waits at rest (issue 29), a deployment's own win. */
class ConsumerSettingsTest {
    static TopicConsumer consumer(Duration heartbeat, Map<String, Object> deployment) {
        TopicConsumer c = new TypedHandlersTest.ThingsConsumer();
        c.kafkaConfig = deployment;
        c.bootstrap = "127.0.0.1:9092";
        c.serviceName = "content-service";
        c.group = Optional.empty();
        c.jdbcUrl = "jdbc:postgresql://127.0.0.1:55432/bindery";
        c.pollTimeout = Duration.ofSeconds(15);
        c.heartbeatInterval = heartbeat;
        return c;
    }

    @Test
    void anIdleConsumerWaitsLongAndHeartbeatsAsConfigured() {
        Properties p = consumer(Duration.ofSeconds(10), Map.of()).consumerProperties();
        assertEquals("15000", p.get("fetch.max.wait.ms")); // the broker answers at once when a record arrives
        assertEquals("10000", p.get("heartbeat.interval.ms"));
        assertEquals("45000", p.get("session.timeout.ms")); // Kafka's default, already over three heartbeats
        assertEquals("content-service@bindery-things", p.get("group.id"));
    }

    @Test
    void theSessionSpansAtLeastThreeHeartbeats() {
        Properties p = consumer(Duration.ofSeconds(20), Map.of()).consumerProperties();
        assertEquals("20000", p.get("heartbeat.interval.ms"));
        assertEquals("60000", p.get("session.timeout.ms"));
    }

    @Test
    void aDeploymentsOwnKafkaSettingsWin() {
        Properties p = consumer(Duration.ofSeconds(10), Map.of("heartbeat.interval.ms", "2000",
                "session.timeout.ms", "30000", "fetch.max.wait.ms", "500")).consumerProperties();
        assertEquals("2000", p.get("heartbeat.interval.ms"));
        assertEquals("30000", p.get("session.timeout.ms"));
        assertEquals("500", p.get("fetch.max.wait.ms"));
    }
}
