package io.bindery.commons.events;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.hibernate.Session;

import java.sql.PreparedStatement;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

/**
 * {@code outbox_event}: the events a service recorded with its changes, until {@link OutboxRelay} has published them
 * (and a week after). Every method runs inside the caller's transaction.
 */
@ApplicationScoped
class OutboxStore {
    /** Rows sent to the database per JDBC batch by {@link #insertAll}. */
    static final int INSERT_BATCH = 500;

    @Inject
    EntityManager em;

    /** One event of {@link #insertAll}, its envelope already serialized. */
    record NewRow(String eventId, String aggregateId, String envelope) {
    }

    void insert(OutboxEvent row) {
        row.persist();
    }

    /**
     * Writes the rows of one type and time after those already written (the flush sends the persisted ones first, so
     * ids keep the order of publishing), in JDBC batches: the identity ids keep Hibernate from batching persists.
     */
    void insertAll(String type, Instant createdAt, Iterable<NewRow> rows) {
        em.flush();
        em.unwrap(Session.class).doWork(connection -> {
            try (PreparedStatement insert = connection.prepareStatement(
                    "INSERT INTO outbox_event (event_id, aggregate_id, type, envelope, created_at) VALUES (?, ?, ?, ?, ?)")) {
                int batched = 0;
                for (NewRow row : rows) {
                    insert.setString(1, row.eventId());
                    insert.setString(2, row.aggregateId());
                    insert.setString(3, type);
                    insert.setString(4, row.envelope());
                    insert.setObject(5, createdAt.atOffset(ZoneOffset.UTC));
                    insert.addBatch();
                    if (++batched % INSERT_BATCH == 0) {
                        insert.executeBatch();
                    }
                }
                if (batched % INSERT_BATCH != 0) {
                    insert.executeBatch();
                }
            }
        });
    }

    /** Whether this transaction holds the relay's lock (one replica relays at a time); released at its end. */
    boolean tryRelayLock() {
        Object locked = em.createNativeQuery("SELECT pg_try_advisory_xact_lock(hashtext(current_schema() || '.outbox'))")
                .getSingleResult();
        return Boolean.TRUE.equals(locked);
    }

    /** An unpublished row, as the relay sends it. */
    record Unpublished(long id, String aggregateId, String envelope) {
    }

    /** The oldest {@code limit} rows not yet published, in id order. */
    List<Unpublished> unpublished(int limit) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery(
                        "SELECT id, aggregate_id, envelope FROM outbox_event WHERE published_at IS NULL ORDER BY id LIMIT " + limit)
                .getResultList();
        return rows.stream().map(r -> new Unpublished(((Number) r[0]).longValue(), (String) r[1], (String) r[2])).toList();
    }

    void markPublished(List<Long> ids, Instant at) {
        em.createNativeQuery("UPDATE outbox_event SET published_at = :now WHERE id IN (:ids)")
                .setParameter("now", at)
                .setParameter("ids", ids)
                .executeUpdate();
    }

    /** Age in seconds of the oldest unpublished row, measured by the database (0 when none). */
    double unpublishedLagSeconds() {
        Object age = em.createNativeQuery(
                        "SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0) FROM outbox_event WHERE published_at IS NULL")
                .getSingleResult();
        return ((Number) age).doubleValue();
    }

    /** When the oldest unpublished row was written, or null when none waits. */
    Instant oldestUnpublished() {
        return (Instant) em.createNativeQuery(
                "SELECT min(created_at) FROM outbox_event WHERE published_at IS NULL").getSingleResult();
    }

    /** Removes the rows published more than a week ago (kept until then for inspection). */
    void prunePublished() {
        em.createNativeQuery("DELETE FROM outbox_event WHERE published_at < now() - interval '7 days'").executeUpdate();
    }
}
