package io.bindery.commons.events;

import io.bindery.contracts.events.ParkedEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * {@code failed_event}, the events a consumer could not apply ({@link FailedEvents}), and {@code event_audit}, what
 * operators did with them. Every method runs inside the caller's transaction.
 */
@ApplicationScoped
class FailedEventStore {
    @Inject
    EntityManager em;

    /** A kept event as a retry needs it; {@code earlierDead}: an earlier event of its key is dead-lettered. */
    record Row(String topic, String eventId, String envelope, int attempts, String key, String type, String state,
               int retries, boolean earlierDead) {
        static Row of(Object[] r) {
            return new Row((String) r[0], (String) r[1], (String) r[2], ((Number) r[3]).intValue(), (String) r[4],
                    (String) r[5], (String) r[6], ((Number) r[7]).intValue(), Boolean.TRUE.equals(r[8]));
        }
    }

    /** How many events are parked and dead-lettered, and when the oldest was parked (null when none). */
    record Counts(long parked, long dead, Instant oldestParked) {
    }

    /** Keeps an event; one already kept (same topic and id) adds its attempts and takes the new reason and state. */
    void upsert(String topic, String key, String eventId, String type, String envelope, int attempts, String reason,
                String state, Instant now, Instant next) {
        em.createNativeQuery("""
                        INSERT INTO failed_event (event_id, topic, partition_key, event_type, envelope, attempts, last_error,
                                                  state, parked_at, next_retry_at)
                        VALUES (:id, :topic, :key, :type, :envelope, :attempts, :error, :state, :now, :next)
                        ON CONFLICT (topic, event_id) DO UPDATE SET attempts = failed_event.attempts + EXCLUDED.attempts,
                            last_error = EXCLUDED.last_error, state = EXCLUDED.state, next_retry_at = EXCLUDED.next_retry_at""")
                .setParameter("id", eventId).setParameter("topic", topic).setParameter("key", key)
                .setParameter("type", type).setParameter("envelope", envelope).setParameter("attempts", attempts)
                .setParameter("error", reason).setParameter("state", state).setParameter("now", now)
                .setParameter("next", next).executeUpdate();
    }

    /** Whether an event of the key is kept: parked ones only, or dead ones too. */
    boolean keeps(String topic, String key, boolean deadToo) {
        return !em.createNativeQuery("SELECT 1 FROM failed_event WHERE topic = :t AND partition_key = :k"
                        + (deadToo ? "" : " AND state = 'parked'") + " LIMIT 1")
                .setParameter("t", topic).setParameter("k", key).getResultList().isEmpty();
    }

    /**
     * The parked events whose retry has come at {@code now} and that are first of their key among the parked, in
     * consumption order, at most 200.
     */
    List<Row> due(Instant now) {
        return rows(SELECT_ROW + """
                WHERE state = 'parked' AND next_retry_at <= :now
                  AND NOT EXISTS (SELECT 1 FROM failed_event e WHERE e.topic = f.topic
                                  AND e.partition_key = f.partition_key AND e.seq < f.seq AND e.state = 'parked')
                ORDER BY seq LIMIT 200""", q -> q.setParameter("now", now));
    }

    /** The first parked event of the key (none or one). */
    List<Row> firstParked(String topic, String key) {
        return rows(SELECT_ROW + " WHERE topic = :t AND partition_key = :k AND state = 'parked' ORDER BY seq LIMIT 1",
                q -> q.setParameter("t", topic).setParameter("k", key));
    }

    /** The kept events of the topic and id (each null: any), in consumption order. */
    List<Row> chosen(String topic, String eventId) {
        return rows(SELECT_ROW + """
                 WHERE (CAST(:t AS TEXT) IS NULL OR topic = :t) AND (CAST(:id AS TEXT) IS NULL OR event_id = :id)
                 ORDER BY seq""", q -> q.setParameter("t", topic).setParameter("id", eventId));
    }

    private static final String SELECT_ROW = """
            SELECT topic, event_id, envelope, attempts, partition_key, event_type, state, retries,
                   EXISTS (SELECT 1 FROM failed_event d WHERE d.topic = f.topic AND d.partition_key = f.partition_key
                           AND d.seq < f.seq AND d.state = 'dead') AS earlier_dead
            FROM failed_event f
            """;

    @SuppressWarnings("unchecked")
    private List<Row> rows(String sql, UnaryOperator<Query> parameters) {
        return ((List<Object[]>) parameters.apply(em.createNativeQuery(sql)).getResultList())
                .stream().map(Row::of).toList();
    }

    /** An event applied: it leaves the table. */
    void delete(String topic, String eventId) {
        em.createNativeQuery("DELETE FROM failed_event WHERE topic = :t AND event_id = :id")
                .setParameter("t", topic).setParameter("id", eventId).executeUpdate();
    }

    /** A retry failed: one more attempt, its reason, its state and its next time. */
    void failedAgain(String topic, String eventId, String reason, String state, Instant next) {
        em.createNativeQuery("UPDATE failed_event SET attempts = attempts + 1, retries = retries + 1, "
                        + "last_error = :error, state = :state, next_retry_at = :next WHERE topic = :t AND event_id = :id")
                .setParameter("error", reason).setParameter("state", state)
                .setParameter("next", next).setParameter("t", topic).setParameter("id", eventId)
                .executeUpdate();
    }

    /** The first {@code limit} kept events, oldest first. */
    List<ParkedEvent> list(int limit) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("""
                        SELECT topic, event_id, event_type, partition_key, state, last_error, attempts, parked_at, next_retry_at
                        FROM failed_event ORDER BY seq LIMIT :limit""")
                .setParameter("limit", limit).getResultList();
        List<ParkedEvent> items = new ArrayList<>(rows.size());
        for (Object[] r : rows) {
            boolean isDead = "dead".equals(r[4]);
            items.add(new ParkedEvent(null, (String) r[0], (String) r[1], (String) r[2], (String) r[3], (String) r[4],
                    (String) r[5], ((Number) r[6]).intValue(), (Instant) r[7], isDead ? null : (Instant) r[8]));
        }
        return items;
    }

    /** Removes one kept event: its envelope, or null when there was none. */
    String deleteReturningEnvelope(String topic, String eventId) {
        @SuppressWarnings("unchecked")
        List<String> found = em.createNativeQuery(
                        "DELETE FROM failed_event WHERE topic = :t AND event_id = :id RETURNING envelope")
                .setParameter("t", topic).setParameter("id", eventId).getResultList();
        return found.isEmpty() ? null : found.get(0);
    }

    void audit(Instant at, String actor, String action, String topic, String eventId, String outcome) {
        em.createNativeQuery(
                        "INSERT INTO event_audit (at, actor, action, topic, event_id, outcome) VALUES (:at, :actor, :action, :t, :id, :o)")
                .setParameter("at", at).setParameter("actor", actor)
                .setParameter("action", action).setParameter("t", topic).setParameter("id", eventId)
                .setParameter("o", outcome).executeUpdate();
    }

    Counts count() {
        Object[] row = (Object[]) em.createNativeQuery("SELECT count(*) FILTER (WHERE state = 'parked'), "
                + "count(*) FILTER (WHERE state = 'dead'), min(parked_at) FROM failed_event").getSingleResult();
        return new Counts(((Number) row[0]).longValue(), ((Number) row[1]).longValue(), (Instant) row[2]);
    }
}
