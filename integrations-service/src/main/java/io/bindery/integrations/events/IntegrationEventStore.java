package io.bindery.integrations.events;

import io.bindery.commons.lists.KeysetPage;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.Where;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;

import java.time.Instant;
import java.util.List;

/** The SQL of {@code integration_event} (and the installations a platform event reaches). Runs in the caller's transaction. */
@ApplicationScoped
class IntegrationEventStore {
    @Inject
    EntityManager em;

    /** An event by id; null when there is none. */
    IntegrationEvent find(String id) {
        return em.find(IntegrationEvent.class, id);
    }

    /** An event by id locked for a read-modify-write ({@code SELECT … FOR UPDATE}); null when there is none. */
    IntegrationEvent lock(String id) {
        return em.find(IntegrationEvent.class, id, LockModeType.PESSIMISTIC_WRITE);
    }

    /** Reads the event's row again, after a statement of this store changed it around Hibernate ({@link #requeue}). */
    void refresh(IntegrationEvent e) {
        em.refresh(e);
    }

    /** A page of the events that {@code where} selects. */
    ListPage<IntegrationEvent> page(KeysetPage<IntegrationEvent> keyset, Where where) {
        return keyset.sql(em, IntegrationEvent.class, "SELECT *", "FROM integration_event", where);
    }

    /** An active installation that a platform event reaches. */
    record Covering(String installationId, String integrationName) {
    }

    /**
     * The active installations of {@code organizationId} whose integration holds {@code scope} and that select the
     * target ({@code selection} is the installation's column for the target's kind: all, or listed).
     */
    List<Covering> covering(String organizationId, String selection, String scope, String kind, String targetId) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("""
                        SELECT i.id, i.integration_name FROM installation i JOIN integration g ON g.name = i.integration_name
                        WHERE i.organization_id = :org AND i.status = 'active'
                          AND jsonb_exists(g.definition->'scopes', :scope)
                          AND (i.%s = 'all' OR EXISTS (SELECT 1 FROM target_installation t
                               WHERE t.installation_id = i.id AND t.kind = :kind AND t.target_id = :target))
                        ORDER BY i.id""".formatted(selection))
                .setParameter("org", organizationId).setParameter("scope", scope).setParameter("kind", kind)
                .setParameter("target", targetId).getResultList();
        return rows.stream().map(r -> new Covering((String) r[0], (String) r[1])).toList();
    }

    /** Queues a new event; false when the installation has this platform event already (a redelivery). */
    boolean insert(String id, String integration, String installationId, String organizationId, String sourceEventId,
                   String type, String payload, Instant now, Instant giveUp) {
        return em.createNativeQuery("""
                        INSERT INTO integration_event (id, integration_name, installation_id, organization_id,
                            source_event_id, type, payload, created_at, delivery, attempts, next_attempt_at, give_up_at, trace)
                        VALUES (:id, :integration, :installation, :org, :source, :type, CAST(:payload AS jsonb), :now,
                            'pending', 0, :now, :giveUp, '[]'::jsonb)
                        ON CONFLICT (installation_id, source_event_id) DO NOTHING""")
                .setParameter("id", id).setParameter("integration", integration)
                .setParameter("installation", installationId).setParameter("org", organizationId)
                .setParameter("source", sourceEventId).setParameter("type", type)
                .setParameter("payload", payload).setParameter("now", now)
                .setParameter("giveUp", giveUp).executeUpdate() != 0;
    }

    /**
     * Queues a delivered or failed event again at the end of its installation's queue (a new seq keeps the order of
     * what is pending), its trace noting why.
     */
    void requeue(String id, Instant now, Instant giveUp, String message) {
        Number seq = (Number) em.createNativeQuery("SELECT nextval(pg_get_serial_sequence('integration_event', 'seq'))")
                .getSingleResult();
        em.createNativeQuery("""
                        UPDATE integration_event SET delivery = 'pending', seq = :seq, next_attempt_at = :now,
                            give_up_at = :giveUp, delivered_at = NULL,
                            trace = trace || jsonb_build_array(jsonb_build_object('message', :message,
                                'timestamp', :stamp, 'level', 'info'))
                        WHERE id = :id""")
                .setParameter("seq", seq.longValue()).setParameter("now", now)
                .setParameter("giveUp", giveUp)
                .setParameter("message", message).setParameter("stamp", now.toString())
                .setParameter("id", id).executeUpdate();
    }
}
