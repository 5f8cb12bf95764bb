package io.bindery.commons.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.function.Predicate;

/**
 * Reads a real Kafka topic from the beginning and collects its CloudEvents, so tests can await the events
 * a change published (no sleeping: poll until the predicate holds or the deadline passes).
 */
public final class TopicProbe implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final KafkaConsumer<String, String> consumer;
    private final List<JsonNode> events = new ArrayList<>();

    public TopicProbe(String bootstrap, String topic) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, "probe-" + UUID.randomUUID());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        consumer = new KafkaConsumer<>(p);
        consumer.subscribe(List.of(topic));
    }

    /** Polls until {@code done} holds for the events seen so far; returns them. */
    public List<JsonNode> awaitEvents(Predicate<List<JsonNode>> done, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!done.test(events)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("events did not arrive in " + timeout + "; seen " + events.size() + ": " + events);
            }
            for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(200))) {
                try {
                    events.add(JSON.readTree(r.value()));
                } catch (Exception e) {
                    throw new AssertionError("not JSON on the topic: " + r.value(), e);
                }
            }
        }
        return events;
    }

    /** Events of one type about one subject, in the order they were read. */
    public static List<JsonNode> about(List<JsonNode> events, String type, String subject) {
        return events.stream().filter(e -> type.equals(e.path("type").asText()) && subject.equals(e.path("subject").asText())).toList();
    }

    @Override
    public void close() {
        consumer.close();
    }
}
