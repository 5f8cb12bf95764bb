package io.bindery.integrations.integrations;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;

/** The entity calls of {@code integration}, by name. Runs in the caller's transaction. */
@ApplicationScoped
class IntegrationStore {
    @Inject
    EntityManager em;

    /** An integration by name; null when there is none. */
    Integration find(String name) {
        return em.find(Integration.class, name);
    }

    /**
     * An integration by name locked for a read-modify-write ({@code SELECT … FOR UPDATE}), so a concurrent publish
     * or delete of the same name waits; null when there is none.
     */
    Integration lock(String name) {
        return em.find(Integration.class, name, LockModeType.PESSIMISTIC_WRITE);
    }

    /** Adds a new integration; one already in this transaction's persistence context is written at the flush. */
    void save(Integration row) {
        if (!em.contains(row)) {
            em.persist(row);
        }
    }

    /** Writes this transaction's pending changes now (a publish writes the integration before its event). */
    void flush() {
        em.flush();
    }

    /** Deletes the integration's row. */
    void remove(Integration row) {
        em.remove(row);
    }
}
