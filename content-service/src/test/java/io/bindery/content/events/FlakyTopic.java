package io.bindery.content.events;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

import java.time.Instant;
import java.util.Properties;

/** Writes records, well-formed or not, to {@link FlakyConsumer}'s topic on the test broker. */
final class FlakyTopic implements AutoCloseable {
    private final KafkaProducer<String, String> producer;

    FlakyTopic(String bootstrap) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        producer = new KafkaProducer<>(p);
    }

    /** A CloudEvent of {@code type} with {@code data} (JSON text), keyed by its aggregate. */
    static String envelope(String id, String type, String aggregate, String data) {
        return "{\"specversion\":\"1.0\",\"id\":\"" + id + "\",\"source\":\"/bindery/test\",\"type\":\"" + type + "\","
                + "\"subject\":\"" + aggregate + "\",\"time\":\"" + Instant.now() + "\",\"data\":" + data + "}";
    }

    /** An event that fails {@code failTimes} times for a passing reason before it applies. */
    void send(String id, String aggregate, int failTimes) throws Exception {
        sendRaw(aggregate, envelope(id, "bindery.test.v1", aggregate, "{\"failTimes\":" + failTimes + "}"));
    }

    /** Any record text, keyed by {@code key}; returns once the broker has it. */
    void sendRaw(String key, String value) throws Exception {
        producer.send(new ProducerRecord<>(FlakyConsumer.TOPIC, key, value)).get();
    }

    /**
     * Empties the failed-event table and makes the consumer fail again. The tests check the table's totals (health,
     * gauges, the list's first page), so they start from none: earlier test JVMs' flaky topics (a random name each, no
     * consumer reads them any more) and other tests' dead letters would otherwise be counted on a reused database.
     */
    static void forgetEarlierRuns(jakarta.persistence.EntityManager em) {
        io.quarkus.narayana.jta.QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery(
                "DELETE FROM failed_event").executeUpdate());
        FlakyConsumer.cured = false;
    }

    @Override
    public void close() {
        producer.close();
    }
}
