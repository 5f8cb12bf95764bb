package io.bindery.commons.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;

/**
 * Publishes CloudEvents on one topic the way a service's outbox relay does, so a consumer's tests can feed the real
 * consumer through a real broker.
 */
public class TopicEvents implements AutoCloseable {
    private final KafkaProducer<String, String> producer;
    private final ObjectMapper json;
    private final String topic;
    private final String source;

    /** {@code source}: the producer as the envelope names it, e.g. {@code /bindery/content-service}. */
    public TopicEvents(String bootstrapServers, ObjectMapper json, String topic, String source) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        this.producer = new KafkaProducer<>(p);
        this.json = json;
        this.topic = topic;
        this.source = source;
    }

    /** A CloudEvent envelope as the producer publishes it. */
    public JsonNode event(String eventId, String type, String subject, Instant time, Object data) {
        return envelope(json, source, eventId, type, subject, time, data);
    }

    /**
     * The same envelope without a producer, for tests that hand events to a consumer's {@code applyParked} directly
     * and only sometimes through the broker.
     */
    public static JsonNode envelope(ObjectMapper json, String source, String eventId, String type, String subject,
                                    Instant time, Object data) {
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("specversion", "1.0");
        event.put("id", eventId);
        event.put("source", source);
        event.put("type", type);
        event.put("subject", subject);
        event.put("time", time.toString());
        event.put("datacontenttype", "application/json");
        event.put("data", data);
        return json.valueToTree(event);
    }

    /** Sends an event keyed by its subject, as the outbox relay keys it. */
    public void send(JsonNode event) throws ExecutionException, InterruptedException {
        send(event.path("subject").asText(), event);
    }

    /** Sends one event with its key and waits until the broker has it. */
    public void send(String key, JsonNode event) throws ExecutionException, InterruptedException {
        producer.send(new ProducerRecord<>(topic, key, event.toString())).get();
    }

    @Override
    public void close() {
        producer.close();
    }
}
