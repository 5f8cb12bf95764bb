package io.bindery.integrations.delivery;

import static io.bindery.commons.sql.SqlValues.instant;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The delivery queue's SQL: the pending rows of {@code integration_event} and where their integration sends them.
 * Runs in the caller's transaction (the worker opens a short one per step).
 */
@ApplicationScoped
class DeliveryStore {
    @Inject
    EntityManager em;

    /** When the earliest pending event falls due, or null when none is pending. */
    Instant earliestDue() {
        Object due = em.createNativeQuery(
                "SELECT min(next_attempt_at) FROM integration_event WHERE delivery = 'pending'").getSingleResult();
        return due == null ? null : instant(due);
    }

    /**
     * Claims at most {@code n} due heads of the installations' queues, pushing their next attempt to {@code leaseEnd};
     * returns them in queue order.
     */
    @SuppressWarnings("unchecked")
    List<DeliveryWorker.Claimed> claim(Instant leaseEnd, Instant now, int n) {
        List<Object[]> rows = em.createNativeQuery("""
                        UPDATE integration_event SET next_attempt_at = :leaseEnd, attempts = attempts + 1
                        WHERE id IN (SELECT e.id FROM integration_event e
                            WHERE e.delivery = 'pending' AND e.next_attempt_at <= :now
                              AND NOT EXISTS (SELECT 1 FROM integration_event p WHERE p.delivery = 'pending'
                                  AND p.installation_id = e.installation_id AND p.seq < e.seq)
                            ORDER BY e.seq LIMIT :n FOR UPDATE SKIP LOCKED)
                        RETURNING id, integration_name, installation_id, organization_id, CAST(payload AS text),
                            attempts, give_up_at, seq""")
                .setParameter("leaseEnd", leaseEnd).setParameter("now", now)
                .setParameter("n", n).getResultList();
        List<Object[]> ordered = new ArrayList<>(rows);
        ordered.sort((a, b) -> Long.compare(((Number) a[7]).longValue(), ((Number) b[7]).longValue()));
        List<DeliveryWorker.Claimed> out = new ArrayList<>(ordered.size());
        for (Object[] r : ordered) {
            out.add(new DeliveryWorker.Claimed((String) r[0], (String) r[1], (String) r[2], (String) r[3], (String) r[4],
                    ((Number) r[5]).intValue(), instant(r[6])));
        }
        return out;
    }

    /** An integration's delivery settings, or null when it is deleted. */
    record Endpoint(String url, String tunnelUrl, boolean tunnelForAll, String owner, String secret) {
    }

    Endpoint endpoint(String integration) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("""
                        SELECT endpoint_url, dev_tunnel_url, dev_all, owner_id, signing_secret FROM integration WHERE name = :n""")
                .setParameter("n", integration).getResultList();
        if (rows.isEmpty()) {
            return null;
        }
        Object[] r = rows.get(0);
        return new Endpoint((String) r[0], (String) r[1], Boolean.TRUE.equals(r[2]), (String) r[3], (String) r[4]);
    }

    /** Writes an attempt's outcome unless the row was claimed again since (its attempts moved on) or is settled. */
    void recordAttempt(String id, int attempt, String state, Instant next, boolean delivered, Instant now, String line,
                       Instant started, String level) {
        em.createNativeQuery("""
                        UPDATE integration_event SET delivery = :state, next_attempt_at = :next,
                            delivered_at = CASE WHEN :delivered THEN CAST(:now AS timestamptz) ELSE delivered_at END,
                            trace = trace || jsonb_build_array(jsonb_build_object('message', CAST(:message AS text),
                                'timestamp', CAST(:stamp AS text), 'level', CAST(:level AS text)))
                        WHERE id = :id AND attempts = :attempt AND delivery = 'pending'""")
                .setParameter("state", state).setParameter("next", next)
                .setParameter("delivered", delivered).setParameter("now", now).setParameter("message", line)
                .setParameter("stamp", started.toString()).setParameter("level", level).setParameter("id", id)
                .setParameter("attempt", attempt).executeUpdate();
    }
}
