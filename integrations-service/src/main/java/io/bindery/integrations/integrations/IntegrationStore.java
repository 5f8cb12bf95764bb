package io.bindery.integrations.integrations;

import io.bindery.commons.lists.KeysetPage;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.Where;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;

/** The {@code integration} table: by name, and the list's pages. Runs in the caller's transaction. */
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

    /** A page of the integrations that {@code where} selects. */
    ListPage<Integration> page(KeysetPage<Integration> keyset, Where where) {
        return keyset.sql(em, Integration.class, "SELECT *", "FROM integration", where);
    }

    /** Deletes the integration's row. */
    void remove(Integration row) {
        em.remove(row);
    }
}
