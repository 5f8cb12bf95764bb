package io.bindery.commons.projection;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

/** {@code processed_event}: the ids of the identity events already applied, so a redelivery is applied once. */
@ApplicationScoped
class ProcessedEventStore {
    @Inject
    EntityManager em;

    /** Records the event as processed, inside the caller's transaction: false when it was before. */
    boolean markProcessed(String eventId) {
        int fresh = em.createNativeQuery("INSERT INTO processed_event (event_id) VALUES (:id) ON CONFLICT DO NOTHING")
                .setParameter("id", eventId).executeUpdate();
        return fresh != 0;
    }
}
