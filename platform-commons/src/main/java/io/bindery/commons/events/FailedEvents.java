package io.bindery.commons.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Events a {@link TopicConsumer} could not apply after its retries: parked in {@code failed_event} instead of
 * dropped, and retried by a scheduled job with a growing delay (doubling from 30 s, at most an hour) until they
 * apply. Order per aggregate is kept: while an event of a key (aggregate) is parked, the later events of that key are
 * parked behind it without being tried ({@link #holdsBack}), and retries go in consumption order, skipping the
 * rest of a key whose earlier event failed again.
 * The number parked is the {@code bindery_events_parked} gauge; readiness goes down while one has waited longer than
 * {@code bindery.events.parked-max-age} ({@link EventsHealth}).
 */
@ApplicationScoped
public class FailedEvents {
    private static final Logger LOG = Logger.getLogger(FailedEvents.class);
    static final Duration FIRST_RETRY = Duration.ofSeconds(30);
    static final Duration LONGEST_RETRY = Duration.ofHours(1);
    static final int MAX_ERROR_LENGTH = 2000;

    @Inject
    EntityManager em;
    @Inject
    ObjectMapper json;
    @Inject
    @Any
    Instance<TopicConsumer> consumers;
    @Inject
    Instance<MeterRegistry> registry;
    Duration firstRetry;

    /** From the one typed configuration of commons (a bad value stops the start-up, naming the key). */
    @Inject
    void configure(io.bindery.commons.config.BinderyServiceConfig config) {
        firstRetry = config.events().retryParkedFirstDelay();
    }

    /** Last counted, for the gauge (a scrape must not query the database). */
    private volatile long parked;

    void registerGauge(@Observes StartupEvent event) {
        if (registry.isResolvable()) {
            Gauge.builder("bindery.events.parked", this, f -> f.parked)
                    .description("events a consumer could not apply, waiting in failed_event for a retry")
                    .register(registry.get());
        }
        try {
            QuarkusTransaction.requiringNew().run(this::recount);
        } catch (RuntimeException e) {
            // the database may be away at start: the service still starts (and answers 503); the next retry round counts
            LOG.warnf("parked events not counted at start: %s", e.getMessage());
        }
    }

    /** Parks an event in a transaction of its own; throws when even that fails (the database is down). */
    public void park(String topic, String key, String eventId, String envelope, int attempts, Exception error) {
        QuarkusTransaction.requiringNew().run(() -> {
            Instant now = Instant.now();
            em.createNativeQuery("""
                            INSERT INTO failed_event (event_id, topic, partition_key, envelope, attempts, last_error, parked_at, next_retry_at)
                            VALUES (:id, :topic, :key, :envelope, :attempts, :error, :now, :next)
                            ON CONFLICT (topic, event_id) DO UPDATE SET attempts = failed_event.attempts + EXCLUDED.attempts,
                                last_error = EXCLUDED.last_error, next_retry_at = EXCLUDED.next_retry_at""")
                    .setParameter("id", eventId).setParameter("topic", topic).setParameter("key", key)
                    .setParameter("envelope", envelope).setParameter("attempts", attempts)
                    .setParameter("error", describe(error)).setParameter("now", now)
                    .setParameter("next", now.plus(firstRetry)).executeUpdate();
            recount();
        });
        LOG.errorf("parked event %s of %s after %d attempts: %s", eventId, topic, attempts, describe(error));
    }

    /**
     * Whether an event of this key must wait behind one already parked (then the consumer parks it too, untried).
     * Free while nothing is parked: it asks the database only when the count says some event waits.
     */
    public boolean holdsBack(String topic, String key) {
        if (parked == 0 || key == null) {
            return false;
        }
        return QuarkusTransaction.requiringNew().call(() -> !em.createNativeQuery(
                        "SELECT 1 FROM failed_event WHERE topic = :t AND partition_key = :k LIMIT 1")
                .setParameter("t", topic).setParameter("k", key).getResultList().isEmpty());
    }

    /** Retries the parked events that are due, in consumption order; each in its own transaction. */
    @Scheduled(every = "${bindery.events.retry-parked-every:10s}", delayed = "10s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    public void retryDue() {
        List<Object[]> due;
        try {
            due = QuarkusTransaction.requiringNew().call(() -> {
                @SuppressWarnings("unchecked")
                // every event of a key that has one due, so a key's later events follow its earlier one
                List<Object[]> rows = em.createNativeQuery("SELECT topic, event_id, envelope, attempts, partition_key "
                        + "FROM failed_event f WHERE EXISTS (SELECT 1 FROM failed_event d WHERE d.topic = f.topic "
                        + "AND d.partition_key IS NOT DISTINCT FROM f.partition_key AND d.next_retry_at <= now()) "
                        + "ORDER BY seq LIMIT 200").getResultList();
                return rows;
            });
        } catch (RuntimeException e) {
            LOG.debugf("parked events not retried now: %s", e.getMessage());
            return;
        }
        java.util.Set<String> stuck = new java.util.HashSet<>();
        for (Object[] row : due) {
            String key = row[0] + "/" + row[4];
            if (row[4] != null && stuck.contains(key)) {
                continue; // an earlier event of this aggregate is still failing: keep the order
            }
            if (!retry((String) row[0], (String) row[1], (String) row[2], ((Number) row[3]).intValue())) {
                stuck.add(key);
            }
        }
        try {
            QuarkusTransaction.requiringNew().run(this::recount);
        } catch (RuntimeException e) {
            LOG.debugf("parked events not recounted: %s", e.getMessage());
        }
    }

    /** True when the event applied (and left the table). */
    private boolean retry(String topic, String eventId, String envelope, int attempts) {
        Optional<TopicConsumer> consumer = consumers.stream().filter(c -> c.topicName().equals(topic)).findFirst();
        if (consumer.isEmpty()) {
            return false; // its consumer is off in this configuration: it stays parked, visible
        }
        try {
            JsonNode event = json.readTree(envelope);
            QuarkusTransaction.requiringNew().run(() -> {
                consumer.get().applyParked(event);
                em.createNativeQuery("DELETE FROM failed_event WHERE topic = :t AND event_id = :id")
                        .setParameter("t", topic).setParameter("id", eventId).executeUpdate();
            });
            LOG.infof("applied parked event %s of %s on retry %d", eventId, topic, attempts + 1);
            return true;
        } catch (Exception e) {
            Duration delay = firstRetry.multipliedBy(1L << Math.min(attempts, 7));
            Duration next = delay.compareTo(LONGEST_RETRY) > 0 ? LONGEST_RETRY : delay;
            QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery("UPDATE failed_event SET attempts = attempts + 1, "
                            + "last_error = :error, next_retry_at = :next WHERE topic = :t AND event_id = :id")
                    .setParameter("error", describe(e)).setParameter("next", Instant.now().plus(next))
                    .setParameter("t", topic).setParameter("id", eventId).executeUpdate());
            LOG.warnf("parked event %s of %s failed again (retry %d, next in %s): %s", eventId, topic, attempts + 1, next,
                    describe(e));
            return false;
        }
    }

    /** How many events are parked, and how long the oldest has waited (zero when none). */
    public record Parked(long count, Duration oldest) {
    }

    public Parked parked() {
        Object[] row = (Object[]) em.createNativeQuery("SELECT count(*), min(parked_at) FROM failed_event").getSingleResult();
        long count = ((Number) row[0]).longValue();
        Instant oldest = row[1] == null ? null : (Instant) row[1];
        return new Parked(count, oldest == null ? Duration.ZERO : Duration.between(oldest, Instant.now()));
    }

    private void recount() {
        parked = ((Number) em.createNativeQuery("SELECT count(*) FROM failed_event").getSingleResult()).longValue();
    }

    static String describe(Exception e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String text = e.getClass().getSimpleName() + ": " + e.getMessage()
                + (root == e ? "" : " (" + root.getClass().getSimpleName() + ": " + root.getMessage() + ")");
        return text.length() > MAX_ERROR_LENGTH ? text.substring(0, MAX_ERROR_LENGTH) : text;
    }
}
