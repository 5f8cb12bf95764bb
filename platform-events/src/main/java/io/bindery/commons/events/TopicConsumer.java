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
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * Reads another service's topic on a thread of its own and applies each CloudEvent in its own transaction.
 * At-least-once: offsets are committed after a batch is applied, so {@link #apply} must be idempotent (compare
 * versions or remember event ids).
 * <p>
 * What fails is told apart ({@link FailedEvents}): an event that can never apply (not JSON, a CloudEvent without
 * {@code id} or {@code type}, an unknown version of a known type, data that does not fit its contract:
 * {@link UndeliverableEvent} or {@link IllegalArgumentException}) is dead-lettered at once and does not hold its
 * aggregate back; one that fails for a passing reason is retried with a growing delay
 * ({@code bindery.events.max-attempts}, 5 by default), then parked and retried on its schedule, the later events of
 * its aggregate waiting behind it. Nothing is dropped: when even parking fails (the database is down) the consumer
 * goes back to that offset and tries again a second later. None of this fails readiness. A consumer loop that
 * fails is restarted; only one that cannot be restarted fails liveness ({@link EventsHealth.Consumers}).
 * <p>
 * The consumers of a service share one Kafka consumer, its {@link EventsReader} (issue 29: each Kafka consumer
 * fetches, heartbeats and holds a group of its own, most of an idle service's wake-ups); one whose events take long to
 * apply reads on its own ({@link #ownReader()}) so that it holds no other consumer back. The shared consumer group is
 * {@code <service>@<database>-events}, an own reader's {@code <service>@<database>-<topic>}
 * ({@code bindery.events.consumer-group} replaces the part before the dash): replicas of one service sharing a
 * database share the work, while two stacks on one broker each see every event.
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
    Duration pollTimeout;
    Duration heartbeatInterval;
    @Inject
    FailedEvents failed;
    @Inject
    EventTracing tracing;

    /** From the one typed configuration of commons (a bad value stops the start-up, naming the key). */
    @Inject
    void configure(io.bindery.commons.config.BinderyServiceConfig config) {
        serviceName = config.service().name();
        group = config.events().consumerGroup();
        maxAttempts = config.events().maxAttempts();
        firstBackoff = config.events().retryBackoff();
        pollTimeout = config.events().pollTimeout();
        heartbeatInterval = config.events().heartbeatInterval();
    }

    /** The loop that reads this consumer's topic: its own, or the service's {@link EventsReader}'s. */
    private volatile ConsumerLoop loop;
    private volatile boolean running;
    static final int MAX_RESTARTS = ConsumerLoop.MAX_RESTARTS;

    /** The topic read, e.g. {@code bindery.review.events}. */
    protected abstract String topic();

    /** Whether this consumer runs in this service (configuration). */
    protected abstract boolean enabled();

    /**
     * True for a consumer whose events take long to apply (a job, not a projection): it reads its topic with a Kafka
     * consumer and thread of its own, so that its work holds back none of the service's other consumers. The others
     * share the service's {@link EventsReader}.
     */
    protected boolean ownReader() {
        return false;
    }

    /** A handler of one event type, with the event's data read into its contract record. */
    @FunctionalInterface
    protected interface Handler<T> {
        void handle(Delivery<T> event);
    }

    private record Registered<T>(Class<T> payload, Handler<T> handler) {
        void dispatch(TopicConsumer consumer, JsonNode event, String type) {
            JsonNode data = event.get("data");
            if (data == null || data.isNull()) {
                throw new UndeliverableEvent(type + " without data");
            }
            handler.handle(new Delivery<>(text(event, "id"), type, text(event, "subject"), time(event),
                    consumer.dataAs(data, payload), data));
        }
    }

    private volatile Map<String, Registered<?>> handlers;

    /**
     * Registers this consumer's handlers with {@link #on}; called once, before the first event. A consumer either
     * registers handlers here or overrides {@link #apply} (the older style, reading the event itself).
     */
    protected void handlers() {
    }

    /** Handles events of {@code type}: their data is read into {@code payload} (data that does not fit is dead-lettered). */
    protected final <T> void on(String type, Class<T> payload, Handler<T> handler) {
        if (handlers.putIfAbsent(type, new Registered<>(payload, handler)) != null) {
            throw new IllegalStateException(getClass().getSimpleName() + " registers " + type + " twice");
        }
    }

    /** {@link #on(String, Class, Handler)} for several types that share a payload record. */
    protected final <T> void on(java.util.Collection<String> types, Class<T> payload, Handler<T> handler) {
        types.forEach(type -> on(type, payload, handler));
    }

    /** The event types this consumer handles (after {@link #handlers()}): for tests that every one has a fixture. */
    public java.util.Set<String> handledTypes() {
        return java.util.Set.copyOf(registered().keySet());
    }

    private Map<String, Registered<?>> registered() {
        Map<String, Registered<?>> h = handlers;
        if (h == null) {
            synchronized (this) {
                if (handlers == null) {
                    handlers = new java.util.HashMap<>();
                    handlers();
                    handlers = Map.copyOf(handlers);
                }
                h = handlers;
            }
        }
        return h;
    }

    /**
     * Applies one event; runs inside a transaction of its own. By default it hands the event to the handler
     * registered for its type ({@link #on}); unknown types are ignored (a newer producer may publish types this
     * consumer does not need). Data that does not fit is an {@link IllegalArgumentException} or
     * {@link UndeliverableEvent}: dead-lettered at once.
     */
    protected void apply(JsonNode event) {
        String type = text(event, "type");
        Registered<?> handler = type == null ? null : registered().get(type);
        if (handler != null) {
            handler.dispatch(this, event, type);
        }
    }

    private static java.time.Instant time(JsonNode event) {
        String time = text(event, "time");
        if (time == null) {
            return null;
        }
        try {
            return java.time.OffsetDateTime.parse(time).toInstant();
        } catch (java.time.format.DateTimeParseException e) {
            throw new UndeliverableEvent("time is not an RFC 3339 timestamp: " + time, e);
        }
    }

    /**
     * Called once when {@link #apply} failed and its transaction rolled back: a consumer may recover here (apply
     * otherwise, retry a lock conflict its own way) and return normally. By default it rethrows, and the event is
     * retried with backoff, then parked.
     */
    protected void applyFailed(JsonNode event, long offset, Exception e) {
        throw e instanceof RuntimeException r ? r : new IllegalStateException(e.getMessage(), e);
    }

    /**
     * An event's data as its contract record. Data that does not fit is an {@link UndeliverableEvent}: the event is
     * dead-lettered, never half applied.
     */
    protected <T> T dataAs(JsonNode data, Class<T> type) {
        try {
            return json.treeToValue(data, type);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UndeliverableEvent("not a " + type.getSimpleName() + ": " + e.getOriginalMessage(), e);
        }
    }

    /** The topic this consumer reads (for parked events and health). */
    public String topicName() {
        return topic();
    }

    /** Applies a kept event again (inside the caller's transaction), with the same checks as a new one. */
    public void applyParked(JsonNode event) {
        UndeliverableEvent why = unreadable(event);
        if (why != null) {
            throw why;
        }
        apply(event);
    }

    /** Why this event can never apply as it is (not a CloudEvent, an unknown version of a known type), or null. */
    static UndeliverableEvent unreadable(JsonNode event) {
        String type = text(event, "type");
        if (event == null || !event.isObject() || text(event, "id") == null || type == null) {
            return new UndeliverableEvent("not a CloudEvent: it needs a JSON object with a string id and type");
        }
        if (EventTypeCatalog.isUnknownVersion(type)) {
            return new UndeliverableEvent("unknown version " + type + ": this service reads another version of that type");
        }
        return null;
    }

    /**
     * Whether this consumer's events must apply strictly in order per aggregate even past a dead letter: then a
     * dead-lettered event holds the later events of its aggregate back until an operator replays or discards it.
     * False for every consumer today: each applies an aggregate's state by version or event id (a later event
     * carries the whole state, or adds a fact of its own), so skipping an event that can never apply loses
     * nothing a later one needs. A consumer that applies deltas (counters, moves) would return true.
     */
    public boolean strictOrder() {
        return false;
    }

    /** False when this consumer should run but its loop failed more than {@link #MAX_RESTARTS} times in a row. */
    public boolean alive() {
        if (!enabled()) {
            return true;
        }
        ConsumerLoop l = loop;
        return l != null && l.alive();
    }

    /**
     * The consumer group's name after {@code <service>@<database>}; by default {@code -<topic>}. The group of an own
     * reader, and the name under which the shared reader knows this consumer (its offsets before the reader).
     */
    protected String groupSuffix() {
        return "-" + topic();
    }

    /** Whether this consumer reads with its own loop (enabled and {@link #ownReader()}); the others are the reader's. */
    boolean readsAlone() {
        return enabled() && ownReader();
    }

    void start(@Observes StartupEvent event) {
        if (!readsAlone()) {
            return;
        }
        running = true;
        ConsumerLoop own = new ConsumerLoop(topic() + "-consumer", () -> new KafkaConsumer<>(consumerProperties()),
                List.of(topic()), pollTimeout, this::handle, partition -> null, null, (t, behind) -> lag(behind));
        loop = own;
        own.start();
    }

    /** Called by the service's {@link EventsReader}: this consumer's records come through its loop. */
    void readBy(ConsumerLoop shared) {
        running = true;
        loop = shared;
    }

    /** The lag the gauge shows, told by the loop that reads this consumer's topic. */
    void lag(long behind) {
        lag = behind;
    }

    /** The consumer's settings: the deployment's kafka.* ones, then this consumer's. */
    Properties consumerProperties() {
        Properties p = KafkaClientConfig.from(kafkaConfig);
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, groupId());
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, serviceName + "-" + topic());
        // The broker holds an empty fetch this long and answers at once when a record arrives, so a long hold costs no
        // latency; Kafka's 500 ms default made each idle consumer fetch twice a second (most of an idle service's CPU).
        p.putIfAbsent(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, String.valueOf(Math.min(pollTimeout.toMillis(), 25_000)));
        // each heartbeat wakes the poll too (issue 29); Kafka wants the session to span at least three of them
        long heartbeat = heartbeatInterval.toMillis();
        p.putIfAbsent(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, String.valueOf(heartbeat));
        p.putIfAbsent(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, String.valueOf(Math.max(45_000, 3 * heartbeat)));
        return p;
    }

    /** This consumer's own group: an own reader's, and the one the shared reader takes its offsets from at first. */
    String groupId() {
        return groupBase() + groupSuffix();
    }

    /** {@code <service>@<database>}, or {@code bindery.events.consumer-group}. */
    String groupBase() {
        if (group.isPresent()) {
            return group.get();
        }
        String database = jdbcUrl.replaceAll("[?;].*$", "").replaceAll("^.*/", "");
        return serviceName + "@" + database;
    }

    /** The group whose offsets say how far this consumer has read. */
    String groupRead() {
        return ownReader() ? groupId() : groupBase() + EventsReader.GROUP_SUFFIX;
    }

    /**
     * Applies one record, retrying with a doubling delay; dead-letters it at once when it can never apply, parks it
     * when every attempt failed. True when the record is dealt with (applied, parked or dead-lettered), false when
     * it must be read again (the database is down).
     */
    boolean handle(ConsumerRecord<String, String> record) throws InterruptedException {
        String offsetId = "offset-" + record.partition() + "-" + record.offset();
        JsonNode event;
        try {
            event = json.readTree(record.value());
        } catch (Exception e) {
            return deadLetter(record, offsetId, null, new UndeliverableEvent("not JSON: " + e.getMessage(), e));
        }
        String eventId = text(event, "id");
        String type = text(event, "type");
        UndeliverableEvent unreadable = unreadable(event);
        if (unreadable != null) {
            return deadLetter(record, eventId == null ? offsetId : eventId, type, unreadable);
        }
        try {
            if (failed.holdsBack(topic(), record.key(), strictOrder())) {
                failed.hold(topic(), record.key(), eventId, type, record.value());
                return true;
            }
        } catch (RuntimeException databaseDown) {
            return false;
        }
        Duration backoff = firstBackoff;
        Exception last = null;
        int attempts = 0;
        for (int attempt = 1; attempt <= Math.max(1, maxAttempts); attempt++) {
            attempts = attempt;
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
                if (UndeliverableEvent.isUndeliverable(e)) {
                    break; // retrying cannot help
                }
                LOG.debugf("event %s on %s failed (attempt %d): %s", eventId, topic(), attempt, e.getMessage());
                if (attempt < maxAttempts && running) {
                    Thread.sleep(backoff.toMillis());
                    backoff = backoff.multipliedBy(2).compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : backoff.multipliedBy(2);
                }
            }
        }
        try {
            failed.park(topic(), record.key(), eventId, type, record.value(), attempts, last);
            return true;
        } catch (RuntimeException parkFailed) {
            LOG.warnf("could not park event at offset %d of %s (%s); reading it again", record.offset(), topic(),
                    parkFailed.getMessage());
            return false;
        }
    }

    private boolean deadLetter(ConsumerRecord<String, String> record, String eventId, String type, UndeliverableEvent why) {
        try {
            failed.park(topic(), record.key(), eventId, type, record.value() == null ? "" : record.value(), 1, why);
            return true;
        } catch (RuntimeException databaseDown) {
            LOG.warnf("could not dead-letter the event at offset %d of %s (%s); reading it again", record.offset(),
                    topic(), databaseDown.getMessage());
            return false;
        }
    }

    private static String text(JsonNode event, String field) {
        JsonNode v = event == null ? null : event.get(field);
        return v != null && v.isTextual() && !v.asText().isBlank() ? v.asText() : null;
    }

    /** Records behind the end of the topic over this consumer's partitions, for the gauge (-1: not known yet). */
    private volatile long lag = -1;

    @Inject
    jakarta.enterprise.inject.Instance<io.micrometer.core.instrument.MeterRegistry> registry;

    void registerGauge(@Observes StartupEvent event) {
        if (enabled() && registry.isResolvable()) {
            io.micrometer.core.instrument.Gauge.builder("bindery.consumer.lag", this, c -> c.lag)
                    .description("records of the topic this consumer has not read yet (-1: not known yet)")
                    .tag("topic", topic()).tag("group", groupRead()).register(registry.get());
        }
    }

    void stop(@Observes ShutdownEvent event) {
        running = false;
        ConsumerLoop l = loop;
        if (l != null && readsAlone()) {
            l.stop(); // the shared loop is its reader's to stop
        }
    }
}
