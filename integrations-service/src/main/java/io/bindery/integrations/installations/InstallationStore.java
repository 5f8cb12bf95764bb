package io.bindery.integrations.installations;

import io.bindery.commons.lists.KeysetPage;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.Where;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;

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

    /** Whether the integration is installed in the organization. */
    boolean installed(String integrationName, String organizationId) {
        Long existing = em.createQuery("select count(*) from Installation where integrationName = :n and organizationId = :o", Long.class)
                .setParameter("n", integrationName).setParameter("o", organizationId).getSingleResult();
        return existing > 0;
    }

    /** How many targets of one kind the installation holds. */
    long countTargets(String installationId, String kind) {
        return TargetInstallation.count("installationId = ?1 and kind = ?2", installationId, kind);
    }

    /** The installation's target of this kind and id, or null. */
    TargetInstallation findTarget(String installationId, String kind, String targetId) {
        return TargetInstallation.<TargetInstallation>find("installationId = ?1 and kind = ?2 and targetId = ?3",
                installationId, kind, targetId).firstResult();
    }

    /** Deletes the installation with the spaces and sites it holds. */
    void delete(Installation i) {
        TargetInstallation.delete("installationId", i.id);
        i.delete();
    }

    void deleteTarget(TargetInstallation t) {
        t.delete();
    }
}
