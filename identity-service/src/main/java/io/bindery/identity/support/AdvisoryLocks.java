package io.bindery.identity.support;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import java.util.Collection;

/**
 * Transaction-scoped PostgreSQL advisory locks on names that are unique but not yet rows (a hostname, an e-mail
 * address): "check that it is free, then insert it" holds its lock, so two such writers take turns instead of
 * the second failing on the unique index (a 500). Last in the lock order of {@code organizations.OrgAccess}.
 */
@ApplicationScoped
public class AdvisoryLocks {
    @Inject
    EntityManager em;

    /**
     * Locks each name of the namespace until the transaction ends. One statement whatever the number of names; the
     * locks are taken in the order of their keys, so two transactions locking overlapping sets never deadlock.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public void lock(String namespace, Collection<String> names) {
        if (names.isEmpty()) {
            return;
        }
        em.createNativeQuery("SELECT count(*) FROM (SELECT pg_advisory_xact_lock(k) FROM (SELECT DISTINCT"
                        + " hashtext(CAST(:ns AS text) || n) AS k FROM unnest(CAST(:names AS text[])) AS n ORDER BY k) keys) locked")
                .setParameter("ns", "identity." + namespace + ":")
                .setParameter("names", PgArrays.text(names))
                .getSingleResult();
    }
}
