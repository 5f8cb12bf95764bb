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
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Optional;
import java.util.Properties;

/**
 * Reads another service's topic on a thread of its own and applies each CloudEvent in its own transaction.
 * At-least-once: offsets are committed after a batch is applied, so {@link #apply} must be idempotent (compare
 * versions or remember event ids). An event whose apply fails is retried with a growing delay
 * ({@code bindery.events.max-attempts}, 5 by default); one that still fails is parked in {@code failed_event}
 * ({@link FailedEvents}, retried later by a scheduled job) and the stream goes on. Nothing is dropped: when even
 * parking fails (the database is down) the consumer goes back to that offset and tries again a second later.
 * A consumer thread that dies makes readiness fail ({@link EventsHealth}).
 * <p>
 * The consumer group is {@code <service>@<database>-<topic>} ({@code bindery.events.consumer-group} replaces the part
 * before the dash):
 * replicas of one service sharing a database share the work, while two stacks on one broker each see every event.
 */
public abstract class TopicConsumer {
    private static final Logger LOG = Logger.getLogger(TopicConsumer.class);
    static final Duration MAX_BACKOFF = Duration.ofSeconds(2);

    @Inject
    protected ObjectMapper json;
    @ConfigProperty(name = "kafka.bootstrap.servers", defaultValue = "127.0.0.1:9092")
    String bootstrap;
    /** Every kafka.* / KAFKA_* setting (security protocol, SASL, TLS, ...): see {@link KafkaClientConfig}. */
    @Inject
    @io.smallrye.common.annotation.Identifier("default-kafka-broker")
    Map<String, Object> kafkaConfig;
    String serviceName;
    Optional<String> group;

    @ConfigProperty(name = "quarkus.datasource.jdbc.url", defaultValue = "db")
    String jdbcUrl;

    int maxAttempts;
    Duration firstBackoff;
    @Inject
    FailedEvents failed;
    @Inject
    io.bindery.commons.tracing.EventTracing tracing;

    /** From the one typed configuration of commons (a bad value stops the start-up, naming the key). */
    @Inject
    void configure(io.bindery.commons.config.BinderyServiceConfig config) {
        serviceName = config.service().name();
        group = config.events().consumerGroup();
        maxAttempts = config.events().maxAttempts();
        firstBackoff = config.events().retryBackoff();
    }

    private volatile KafkaConsumer<String, String> consumer;
    private volatile boolean running;
    private volatile Thread thread;

    /** The topic read, e.g. {@code bindery.review.events}. */
    protected abstract String topic();

    /** Whether this consumer runs in this service (configuration). */
    protected abstract boolean enabled();

    /** Applies one event; runs inside a transaction of its own. Unknown types are ignored. */
    protected abstract void apply(JsonNode event);

    /**
     * Called once when {@link #apply} failed and its transaction rolled back: a consumer may recover here (apply
     * otherwise, retry a lock conflict its own way) and return normally. By default it rethrows, and the event is
     * retried with backoff, then parked.
     */
    protected void applyFailed(JsonNode event, long offset, Exception e) {
        throw e instanceof RuntimeException r ? r : new IllegalStateException(e.getMessage(), e);
    }

    /**
     * An event's data as its contract record. Data that does not fit is an IllegalArgumentException: the event is
     * retried, then parked, never half applied.
     */
    protected <T> T dataAs(JsonNode data, Class<T> type) {
        try {
            return json.treeToValue(data, type);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException("not a " + type.getSimpleName() + ": " + e.getOriginalMessage(), e);
        }
    }

    /** The topic this consumer reads (for parked events and health). */
    public String topicName() {
        return topic();
    }

    /** Applies a parked event again (inside the caller's transaction). */
    public void applyParked(JsonNode event) {
        apply(event);
    }

    /** False when this consumer should run but its thread has died. */
    public boolean alive() {
        if (!enabled()) {
            return true;
        }
        Thread t = thread;
        return t != null && t.isAlive();
    }

    /** The consumer group's name after {@code <service>@<database>}; by default {@code -<topic>}. */
    protected String groupSuffix() {
        return "-" + topic();
    }

    void start(@Observes StartupEvent event) {
        if (!enabled()) {
            return;
        }
        Properties p = KafkaClientConfig.from(kafkaConfig);
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, groupId());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, serviceName + "-" + topic());
        consumer = new KafkaConsumer<>(p);
        running = true;
        Thread t = new Thread(this::run, topic() + "-consumer");
        t.setDaemon(true);
        thread = t;
        t.start();
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
                    sampleLag();
                    continue;
                }
                sampleLag();
                Map<TopicPartition, OffsetAndMetadata> done = new HashMap<>();
                Set<TopicPartition> halted = new HashSet<>();
                for (ConsumerRecord<String, String> record : records) {
                    TopicPartition partition = new TopicPartition(record.topic(), record.partition());
                    if (halted.contains(partition)) {
                        continue;
                    }
                    if (handle(record)) {
                        done.put(partition, new OffsetAndMetadata(record.offset() + 1));
                    } else {
                        // neither applied nor parked: read this partition again from here
                        consumer.seek(partition, record.offset());
                        halted.add(partition);
                    }
                }
                if (!done.isEmpty()) {
                    consumer.commitSync(done);
                }
                if (!halted.isEmpty()) {
                    Thread.sleep(1000);
                }
            }
        } catch (WakeupException stopping) {
            // shutdown
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            LOG.errorf(e, "%s consumer stopped", topic());
        } finally {
            consumer.close(Duration.ofSeconds(2));
        }
    }

    /**
     * Applies one record, retrying with a doubling delay; parks it when every attempt failed. True when the
     * record is dealt with (applied, parked, or unreadable and logged), false when it must be read again.
     */
    boolean handle(ConsumerRecord<String, String> record) throws InterruptedException {
        JsonNode event;
        try {
            event = json.readTree(record.value());
        } catch (Exception e) {
            LOG.warnf("skipped an unreadable event on %s at offset %d: %s", topic(), record.offset(), e.getMessage());
            return true;
        }
        String eventId = event.path("id").asText("offset-" + record.partition() + "-" + record.offset());
        try {
            if (failed.holdsBack(topic(), record.key())) {
                failed.park(topic(), record.key(), eventId, record.value(), 0,
                        new IllegalStateException("held behind an earlier parked event of " + record.key()));
                return true;
            }
        } catch (RuntimeException databaseDown) {
            return false;
        }
        Duration backoff = firstBackoff;
        Exception last = null;
        for (int attempt = 1; attempt <= Math.max(1, maxAttempts); attempt++) {
            try {
                tracing.consume(topic(), event, () -> QuarkusTransaction.requiringNew().run(() -> apply(event)));
                return true;
            } catch (Exception e) {
                if (attempt == 1) {
                    try {
                        applyFailed(event, record.offset(), e);
                        return true;
                    } catch (Exception stillFailing) {
                        e = stillFailing;
                    }
                }
                last = e;
                LOG.debugf("event %s on %s failed (attempt %d): %s", event.path("id").asText("?"), topic(), attempt, e.getMessage());
                if (attempt < maxAttempts && running) {
                    Thread.sleep(backoff.toMillis());
                    backoff = backoff.multipliedBy(2).compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : backoff.multipliedBy(2);
                }
            }
        }
        try {
            failed.park(topic(), record.key(), eventId, record.value(), maxAttempts, last);
            return true;
        } catch (RuntimeException parkFailed) {
            LOG.warnf("could not park event at offset %d of %s (%s); reading it again", record.offset(), topic(),
                    parkFailed.getMessage());
            return false;
        }
    }

    /** Records behind the end of the topic over this consumer's partitions, for the gauge (-1: not known yet). */
    private volatile long lag = -1;

    /** The consumer's own view of how far behind it is (no broker call: from the last fetch). */
    private void sampleLag() {
        long total = 0;
        for (TopicPartition partition : consumer.assignment()) {
            java.util.OptionalLong behind = consumer.currentLag(partition);
            if (behind.isEmpty()) {
                return;
            }
            total += behind.getAsLong();
        }
        lag = total;
    }

    @Inject
    jakarta.enterprise.inject.Instance<io.micrometer.core.instrument.MeterRegistry> registry;

    void registerGauge(@Observes StartupEvent event) {
        if (enabled() && registry.isResolvable()) {
            io.micrometer.core.instrument.Gauge.builder("bindery.consumer.lag", this, c -> c.lag)
                    .description("records of the topic this consumer has not read yet (-1: not known yet)")
                    .tag("topic", topic()).tag("group", groupId()).register(registry.get());
        }
    }

    void stop(@Observes ShutdownEvent event) {
        if (consumer != null) {
            running = false;
            consumer.wakeup();
        }
    }
}
