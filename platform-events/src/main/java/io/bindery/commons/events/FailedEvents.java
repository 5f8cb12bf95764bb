package io.bindery.commons.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.schedule.PeriodicJobs;
import io.bindery.commons.events.FailedEventStore.Row;
import io.bindery.contracts.events.ParkedEvent;
import io.bindery.contracts.events.ParkedEventOutcome;
import io.bindery.contracts.events.ParkedEventsResponse;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Events a {@link TopicConsumer} could not apply, kept in {@code failed_event} instead of dropped, in two states:
 * <ul>
 * <li>{@code parked}: it failed for a passing reason (the database, another service). It is retried on its own
 * schedule ({@link RetrySchedule}: doubling from {@code bindery.events.retry-parked-first-delay}, at most
 * {@code retry-parked-max-delay}, with jitter), and only when {@code next_retry_at} has come. The later events of
 * its aggregate (key) wait behind it untried ({@link #holdsBack}); once it applies they follow at once, in order.</li>
 * <li>{@code dead}: it can never apply as it is ({@link UndeliverableEvent}). It is kept with its reason, never retried
 * by itself, and does not hold its aggregate back (unless its consumer needs strict order,
 * {@link TopicConsumer#strictOrder()}), until an operator replays it after a fix or discards it.</li>
 * </ul>
 * Neither fails readiness: a service with parked events still serves its API. They are counted in the
 * {@code bindery_events_parked} and {@code bindery_events_dead_lettered} gauges, reported as health details, listed
 * for instance admins ({@code GET /v1/admin/events/parked}), and each state change is one log line.
 */
@ApplicationScoped
public class FailedEvents {
    private static final Logger LOG = Logger.getLogger(FailedEvents.class);
    static final int MAX_ERROR_LENGTH = 2000;
    static final int MAX_LIST = 500;
    /** With nothing parked, the table is counted again this often (another replica may have parked something). */
    static final Duration RECOUNT_WHEN_EMPTY = Duration.ofSeconds(60);

    @Inject
    FailedEventStore store;
    @Inject
    ObjectMapper json;
    @Inject
    @Any
    Instance<TopicConsumer> consumers;
    @Inject
    Instance<MeterRegistry> registry;
    RetrySchedule schedule;
    Clock clock = Clock.systemUTC();

    /** From the one typed configuration of commons (a bad value stops the start-up, naming the key). */
    @Inject
    void configure(io.bindery.commons.config.BinderyServiceConfig config) {
        schedule = new RetrySchedule(config.events().retryParkedFirstDelay(), config.events().retryParkedMaxDelay());
    }

    /** Last counted, for the gauges and for skipping the table while it is empty (a scrape must not query). */
    private volatile long parked;
    private volatile long dead;
    private volatile Instant oldestParked;
    private volatile Instant countedAt = Instant.EPOCH;

    void registerGauge(@Observes StartupEvent event) {
        if (registry.isResolvable()) {
            Gauge.builder("bindery.events.parked", this, f -> f.parked)
                    .description("events a consumer could not apply for a passing reason, waiting in failed_event for their retry")
                    .register(registry.get());
            Gauge.builder("bindery.events.dead.lettered", this, f -> f.dead)
                    .description("events no retry can apply (unreadable, or not fitting their contract), kept until an operator replays or discards them")
                    .register(registry.get());
            Gauge.builder("bindery.events.parked.oldest.seconds", this,
                            f -> f.oldestParked == null ? 0 : Duration.between(f.oldestParked, f.clock.instant()).toSeconds())
                    .description("how long the oldest parked or dead-lettered event has waited")
                    .register(registry.get());
        }
        try {
            QuarkusTransaction.requiringNew().run(this::recount);
        } catch (RuntimeException e) {
            // the database may be away at start: the service still starts (and answers 503); the next round counts
            LOG.warnf("parked events not counted at start: %s", e.getMessage());
        }
    }

    /**
     * Parks an event that failed every attempt, in a transaction of its own: {@code dead} when the failure says the
     * event itself is wrong, else {@code parked} for a retry on its schedule. Throws when even that fails (the
     * database is down).
     */
    public void park(String topic, String key, String eventId, String type, String envelope, int attempts, Exception error) {
        boolean undeliverable = UndeliverableEvent.isUndeliverable(error);
        Instant now = clock.instant();
        insert(topic, key, eventId, type, envelope, attempts, describe(error), undeliverable ? "dead" : "parked",
                undeliverable ? now : now.plus(schedule.delay(0, ThreadLocalRandom.current().nextDouble())));
        if (undeliverable) {
            LOG.errorf("dead-lettered event %s (%s) of %s, key %s: %s", eventId, type, topic, key, describe(error));
        } else {
            LOG.errorf("parked event %s (%s) of %s, key %s, after %d attempts: %s", eventId, type, topic, key, attempts,
                    describe(error));
        }
    }

    /** Parks an event untried behind an earlier parked one of its key; it follows as soon as that one applies. */
    public void hold(String topic, String key, String eventId, String type, String envelope) {
        insert(topic, key, eventId, type, envelope, 0, "held behind an earlier parked event of " + key, "parked",
                clock.instant());
        LOG.warnf("held event %s (%s) of %s behind an earlier parked event of key %s", eventId, type, topic, key);
    }

    private void insert(String topic, String key, String eventId, String type, String envelope, int attempts,
                        String reason, String state, Instant next) {
        QuarkusTransaction.requiringNew().run(() -> {
            store.upsert(topic, key, eventId, type, envelope, attempts, reason, state, clock.instant(), next);
            recount();
        });
    }

    /**
     * Whether an event of this key must wait behind one already parked (then the consumer parks it too, untried).
     * A dead letter holds its key back only for a consumer that needs strict order. Free while nothing is parked:
     * it asks the database only when the count says some event waits.
     */
    public boolean holdsBack(String topic, String key, boolean strictOrder) {
        if (key == null || parked + (strictOrder ? dead : 0) == 0) {
            return false;
        }
        return QuarkusTransaction.requiringNew().call(() -> store.keeps(topic, key, strictOrder));
    }

    void schedule(@Observes StartupEvent event, PeriodicJobs jobs, io.bindery.commons.config.BinderyServiceConfig config) {
        jobs.every("parked events' retry", config.events().retryParkedEvery(), Duration.ofSeconds(10),
                this::scheduledRetry);
    }

    void scheduledRetry() {
        Instant now = clock.instant();
        if (parked == 0 && Duration.between(countedAt, now).compareTo(RECOUNT_WHEN_EMPTY) < 0) {
            return; // nothing to retry: no query while idle
        }
        retryDue(now);
    }

    /**
     * Retries the parked events whose time has come at {@code now}: the first parked event of each key (a later one
     * never jumps ahead of it), and, when it applies, the rest of its key in order. Public for tests that drive the
     * schedule with their own clock.
     */
    public void retryDue(Instant now) {
        List<Row> due;
        try {
            due = QuarkusTransaction.requiringNew().call(() -> store.due(now));
        } catch (RuntimeException e) {
            LOG.debugf("parked events not retried now: %s", e.getMessage());
            return;
        }
        for (Row head : due) {
            if (!waitsForDeadLetter(head) && retry(head, now, false) && head.key() != null) {
                followers(head, now);
            }
        }
        try {
            QuarkusTransaction.requiringNew().run(this::recount);
        } catch (RuntimeException e) {
            LOG.debugf("parked events not recounted: %s", e.getMessage());
        }
    }

    /** After a key's first parked event applied: the events held behind it, in order, until one fails. */
    private void followers(Row head, Instant now) {
        while (true) {
            List<Row> next = QuarkusTransaction.requiringNew().call(() -> store.firstParked(head.topic(), head.key()));
            if (next.isEmpty() || waitsForDeadLetter(next.get(0)) || !retry(next.get(0), now, false)) {
                return;
            }
        }
    }

    /** A strict-order consumer's event waits while an earlier event of its key is dead-lettered. */
    private boolean waitsForDeadLetter(Row row) {
        return row.earlierDead() && consumerOf(row.topic()).map(TopicConsumer::strictOrder).orElse(true);
    }

    /**
     * Applies a kept event once; true when it applied (and left the table). A failure updates its row: dead when the
     * event itself is wrong, else parked with its next time from the schedule. One log line either way.
     */
    private boolean retry(Row row, Instant now, boolean byOperator) {
        Optional<TopicConsumer> consumer = consumerOf(row.topic());
        if (consumer.isEmpty()) {
            return false; // its consumer is off in this configuration: it stays, visible
        }
        try {
            JsonNode event = json.readTree(row.envelope());
            QuarkusTransaction.requiringNew().run(() -> {
                consumer.get().applyParked(event);
                store.delete(row.topic(), row.eventId());
            });
            LOG.infof("applied %s event %s of %s%s", row.state(), row.eventId(), row.topic(),
                    byOperator ? " on an operator's replay" : " on retry " + (row.retries() + 1));
            return true;
        } catch (Exception e) {
            boolean undeliverable = UndeliverableEvent.isUndeliverable(e);
            Duration delay = schedule.delay(row.retries() + 1, ThreadLocalRandom.current().nextDouble());
            Instant next = undeliverable ? now : now.plus(delay);
            try {
                QuarkusTransaction.requiringNew().run(() -> store.failedAgain(row.topic(), row.eventId(), describe(e),
                        undeliverable ? "dead" : "parked", next));
            } catch (RuntimeException databaseDown) {
                LOG.debugf("parked event %s not updated: %s", row.eventId(), databaseDown.getMessage());
            }
            if (undeliverable) {
                LOG.errorf("dead-lettered event %s of %s on %s: %s", row.eventId(), row.topic(),
                        byOperator ? "an operator's replay" : "retry " + (row.retries() + 1), describe(e));
            } else {
                LOG.warnf("parked event %s of %s failed again (retry %d, next in %ds): %s", row.eventId(), row.topic(),
                        row.retries() + 1, delay.toSeconds(), describe(e));
            }
            return false;
        }
    }

    private Optional<TopicConsumer> consumerOf(String topic) {
        return consumers.stream().filter(c -> c.topicName().equals(topic)).findFirst();
    }

    /** The kept events, oldest first, and how many there are in each state. */
    public ParkedEventsResponse list(int limit) {
        return QuarkusTransaction.requiringNew().call(() -> {
            recount();
            List<ParkedEvent> items = store.list(Math.max(1, Math.min(limit, MAX_LIST)));
            return new ParkedEventsResponse(items, parked, dead);
        });
    }

    /**
     * An operator's replay: applies the chosen events now, in consumption order, whatever their state or schedule
     * (one event; or all of a topic; or all). Each that applies leaves the table; each that fails stays with its new
     * reason. Audited.
     */
    public ParkedEventOutcome replay(String topic, String eventId, String actor) {
        List<Row> chosen = QuarkusTransaction.requiringNew().call(() -> store.chosen(topic, eventId));
        if (eventId != null && chosen.isEmpty()) {
            throw ApiException.notFound("no parked event " + eventId + (topic == null ? "" : " on " + topic));
        }
        int applied = 0;
        int failed = 0;
        Instant now = clock.instant();
        for (Row row : chosen) {
            if (retry(row, now, true)) {
                applied++;
            } else {
                failed++;
            }
        }
        audit(actor, "replay", topic, eventId, "applied " + applied + ", failed " + failed);
        QuarkusTransaction.requiringNew().run(this::recount);
        return new ParkedEventOutcome(applied, failed, 0);
    }

    /** An operator's discard of one kept event: it is gone for good (its envelope stays in the log line). Audited. */
    public ParkedEventOutcome discard(String topic, String eventId, String actor) {
        String envelope = QuarkusTransaction.requiringNew().call(() -> {
            String found = store.deleteReturningEnvelope(topic, eventId);
            recount();
            return found;
        });
        if (envelope == null) {
            throw ApiException.notFound("no parked event " + eventId + " on " + topic);
        }
        LOG.warnf("discarded event %s of %s by %s: %s", eventId, topic, actor, envelope);
        audit(actor, "discard", topic, eventId, "discarded");
        return new ParkedEventOutcome(0, 0, 1);
    }

    private void audit(String actor, String action, String topic, String eventId, String outcome) {
        QuarkusTransaction.requiringNew().run(() -> store.audit(clock.instant(), actor == null ? "unknown" : actor,
                action, topic, eventId, outcome));
        LOG.infof("audit: %s of %s on %s by %s: %s", action, eventId == null ? "every event" : eventId,
                topic == null ? "every topic" : topic, actor, outcome);
    }

    /** How many events are parked and dead-lettered, and how long the oldest has waited (zero when none). */
    public record Parked(long parked, long dead, Duration oldest) {
    }

    /** Counts now (inside the caller's transaction). */
    public Parked parked() {
        recount();
        Instant oldest = oldestParked;
        return new Parked(parked, dead, oldest == null ? Duration.ZERO : Duration.between(oldest, clock.instant()));
    }

    private void recount() {
        FailedEventStore.Counts counts = store.count();
        parked = counts.parked();
        dead = counts.dead();
        oldestParked = counts.oldestParked();
        countedAt = clock.instant();
    }

    static String describe(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String text = e.getClass().getSimpleName() + ": " + e.getMessage()
                + (root == e ? "" : " (" + root.getClass().getSimpleName() + ": " + root.getMessage() + ")");
        return text.length() > MAX_ERROR_LENGTH ? text.substring(0, MAX_ERROR_LENGTH) : text;
    }
}
