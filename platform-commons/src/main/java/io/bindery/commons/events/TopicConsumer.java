package io.bindery.commons.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Properties;

/**
 * Reads another service's topic on a thread of its own and applies each CloudEvent in its own transaction.
 * At-least-once: offsets are committed after a batch is applied, so {@link #apply} must be idempotent (compare
 * versions or remember event ids). A malformed or failing event is logged and skipped, never stops the stream.
 * <p>
 * The consumer group is {@code <service>@<database>-<topic>} ({@code bindery.events.consumer-group} replaces the part
 * before the dash):
 * replicas of one service sharing a database share the work, while two stacks on one broker each see every event.
 */
public abstract class TopicConsumer {
    private static final Logger LOG = Logger.getLogger(TopicConsumer.class);

    @Inject
    protected ObjectMapper json;
    @ConfigProperty(name = "kafka.bootstrap.servers", defaultValue = "127.0.0.1:9092")
    String bootstrap;
    @ConfigProperty(name = "bindery.service.name")
    String serviceName;
    @ConfigProperty(name = "bindery.events.consumer-group")
    Optional<String> group;
    @ConfigProperty(name = "quarkus.datasource.jdbc.url", defaultValue = "db")
    String jdbcUrl;

    private volatile KafkaConsumer<String, String> consumer;
    private volatile boolean running;

    /** The topic read, e.g. {@code bindery.review.events}. */
    protected abstract String topic();

    /** Whether this consumer runs in this service (configuration). */
    protected abstract boolean enabled();

    /** Applies one event; runs inside a transaction of its own. Unknown types are ignored. */
    protected abstract void apply(JsonNode event);

    /**
     * Called when {@link #apply} failed and its transaction rolled back; by default the event is skipped with a
     * log line. A consumer feeding several projections may apply them one by one here instead.
     */
    protected void applyFailed(JsonNode event, long offset, Exception e) {
        LOG.warnf("skipped event %s on %s at offset %d: %s", event.path("id").asText("?"), topic(), offset, e.getMessage());
    }

    /** The consumer group's name after {@code <service>@<database>}; by default {@code -<topic>}. */
    protected String groupSuffix() {
        return "-" + topic();
    }

    void start(@Observes StartupEvent event) {
        if (!enabled()) {
            return;
        }
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, groupId());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, serviceName + "-" + topic());
        consumer = new KafkaConsumer<>(p);
        running = true;
        Thread thread = new Thread(this::run, topic() + "-consumer");
        thread.setDaemon(true);
        thread.start();
    }

    String groupId() {
        if (group.isPresent()) {
            return group.get() + groupSuffix();
        }
        String database = jdbcUrl.replaceAll("[?;].*$", "").replaceAll("^.*/", "");
        return serviceName + "@" + database + groupSuffix();
    }

    private void run() {
        try {
            consumer.subscribe(List.of(topic()));
            while (running) {
                ConsumerRecords<String, String> records = consumer.poll(Duration.ofMillis(200));
                if (records.isEmpty()) {
                    continue;
                }
                for (ConsumerRecord<String, String> record : records) {
                    applyQuietly(record);
                }
                consumer.commitSync();
            }
        } catch (WakeupException stopping) {
            // shutdown
        } catch (RuntimeException e) {
            LOG.errorf(e, "%s consumer stopped", topic());
        } finally {
            consumer.close(Duration.ofSeconds(2));
        }
    }

    private void applyQuietly(ConsumerRecord<String, String> record) {
        JsonNode event;
        try {
            event = json.readTree(record.value());
        } catch (Exception e) {
            LOG.warnf("skipped an unreadable event on %s at offset %d: %s", topic(), record.offset(), e.getMessage());
            return;
        }
        try {
            QuarkusTransaction.requiringNew().run(() -> apply(event));
        } catch (Exception e) {
            applyFailed(event, record.offset(), e);
        }
    }

    void stop(@Observes ShutdownEvent event) {
        if (consumer != null) {
            running = false;
            consumer.wakeup();
        }
    }
}
