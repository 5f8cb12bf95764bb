package io.bindery.integrations.installations;

import io.bindery.commons.lists.KeysetPage;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.Where;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;

import java.util.List;

/**
 * The queries and entity calls of {@code installation} and {@code target_installation}. Runs in the caller's
 * transaction.
 */
@ApplicationScoped
class InstallationStore {
    @Inject
    EntityManager em;

    /** An installation by id; null when there is none. */
    Installation find(String id) {
        return em.find(Installation.class, id);
    }

    /** An installation by id locked for a read-modify-write ({@code SELECT … FOR UPDATE}); null when there is none. */
    Installation lock(String id) {
        return em.find(Installation.class, id, LockModeType.PESSIMISTIC_WRITE);
    }

    /** Adds a new installation (inserted at the transaction's next flush). */
    void insert(Installation i) {
        i.persist();
    }

    /** Adds a space or site to an installation (inserted at the transaction's next flush). */
    void insertTarget(TargetInstallation t) {
        t.persist();
    }

    /** A page of the installations that {@code where} selects. */
    ListPage<Installation> page(KeysetPage<Installation> keyset, Where where) {
        return keyset.sql(em, Installation.class, "SELECT *", "FROM installation", where);
    }

    /** A page of the spaces and sites held by installations that {@code where} selects. */
    ListPage<TargetInstallation> targetsPage(KeysetPage<TargetInstallation> keyset, Where where) {
        return keyset.sql(em, TargetInstallation.class, "SELECT *", "FROM target_installation", where);
    }

    // Native SQL, not HQL (nor Panache's query strings): the first HQL statement loads Hibernate's HQL parser
    // (~750 classes, ~5 MB of metaspace, kept for the life of the JVM).

    /** Whether the integration is installed in the organization. */
    boolean installed(String integrationName, String organizationId) {
        Number existing = (Number) em.createNativeQuery(
                        "SELECT count(*) FROM installation WHERE integration_name = :n AND organization_id = :o")
                .setParameter("n", integrationName).setParameter("o", organizationId).getSingleResult();
        return existing.longValue() > 0;
    }

    /** How many targets of one kind the installation holds. */
    long countTargets(String installationId, String kind) {
        return ((Number) em.createNativeQuery("SELECT count(*) FROM target_installation WHERE installation_id = :i AND kind = :k")
                .setParameter("i", installationId).setParameter("k", kind).getSingleResult()).longValue();
    }

    /** The installation's target of this kind and id, or null. */
    @SuppressWarnings("unchecked")
    TargetInstallation findTarget(String installationId, String kind, String targetId) {
        List<TargetInstallation> found = em.createNativeQuery("SELECT * FROM target_installation "
                        + "WHERE installation_id = :i AND kind = :k AND target_id = :t LIMIT 1", TargetInstallation.class)
                .setParameter("i", installationId).setParameter("k", kind).setParameter("t", targetId).getResultList();
        return found.isEmpty() ? null : found.get(0);
    }

    /** Deletes the installation with the spaces and sites it holds. */
    void delete(Installation i) {
        em.createNativeQuery("DELETE FROM target_installation WHERE installation_id = :i").setParameter("i", i.id)
                .executeUpdate();
        i.delete();
    }

    void deleteTarget(TargetInstallation t) {
        t.delete();
    }
}
