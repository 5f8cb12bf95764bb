package io.bindery.identity.support;

import jakarta.persistence.Query;

import java.util.Collection;

/**
 * Transaction-scoped PostgreSQL advisory locks on names that are unique but not yet rows (a hostname, an e-mail
 * address): "check that it is free, then insert it" holds its lock, so two such writers take turns instead of
 * the second failing on the unique index (a 500). Last in the lock order of {@code organizations.OrgAccess}.
 * <p>
 * The statement is written once here; the store of the feature that owns the names builds it (SQL is a store's,
 * issue 30) and hands it to {@link #lock}, in the caller's transaction.
 */
public final class AdvisoryLocks {
    /**
     * Locks each name of the namespace until the transaction ends. One statement whatever the number of names; the
     * locks are taken in the order of their keys, so two transactions locking overlapping sets never deadlock.
     */
    public static final String SQL = "SELECT count(*) FROM (SELECT pg_advisory_xact_lock(k) FROM (SELECT DISTINCT"
            + " hashtext(CAST(:ns AS text) || n) AS k FROM unnest(CAST(:names AS text[])) AS n ORDER BY k) keys) locked";

    private AdvisoryLocks() {
    }

    /** Runs {@code query} (a native query of {@link #SQL}) for the names; nothing when there are none. */
    public static void lock(Query query, String namespace, Collection<String> names) {
        if (names.isEmpty()) {
            return;
        }
        query.setParameter("ns", "identity." + namespace + ":")
                .setParameter("names", PgArrays.text(names))
                .getSingleResult();
    }
}
