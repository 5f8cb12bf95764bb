package io.bindery.identity.grants;

import io.bindery.contracts.content.PermissionChanged;
import io.bindery.identity.support.PgArrays;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The queries of {@code space_grant}, {@code space_state} and identity's {@code processed_event}: the only class that
 * reads or writes them. Every write compares the time of the fact with the time of what is stored ({@link SpaceGrants}).
 */
@ApplicationScoped
class SpaceGrantStore {
    @Inject
    EntityManager em;

    /** Remembers the event as applied: false when it was before. */
    boolean markProcessed(String eventId) {
        return em.createNativeQuery("INSERT INTO processed_event (event_id) VALUES (:id) ON CONFLICT DO NOTHING")
                .setParameter("id", eventId).executeUpdate() > 0;
    }

    /** How many live spaces of the organization are granted to each principal of the type (0 for none); one query. */
    Map<String, Long> counts(String principalType, String organizationId, Collection<String> ids) {
        Map<String, Long> counts = new HashMap<>();
        if (ids == null || ids.isEmpty()) {
            return counts;
        }
        ids.forEach(id -> counts.put(id, 0L));
        // a space counts unless content said it is deleted, purged, or now in another organization
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("""
                        SELECT g.principal_id, count(*) FROM space_grant g
                        LEFT JOIN space_state s ON s.space_id = g.space_id
                        WHERE g.organization_id = :org AND g.principal_type = :type
                          AND g.principal_id = ANY(CAST(:ids AS text[])) AND g.role IS NOT NULL
                          AND (s.space_id IS NULL OR (NOT s.deleted AND NOT s.purged AND g.version >= s.grants_reset_at
                               AND (s.organization_id IS NULL OR s.organization_id = g.organization_id)))
                        GROUP BY g.principal_id""")
                .setParameter("org", organizationId).setParameter("type", principalType)
                .setParameter("ids", PgArrays.text(counts.keySet()))
                .getResultList();
        rows.forEach(r -> counts.put((String) r[0], ((Number) r[1]).longValue()));
        return counts;
    }

    /** A user's or a team's grant on a space: role null removes it (a tombstone, so an older grant cannot revive it). */
    void setGrant(String space, String organization, PermissionChanged grant, String role, Instant time) {
        String principalType;
        String principal;
        if (grant.user() != null) {
            principalType = SpaceGrants.USER;
            principal = grant.user();
        } else if (grant.team() != null) {
            principalType = SpaceGrants.TEAM;
            principal = grant.team();
        } else {
            throw new IllegalArgumentException("a space permission event names neither a user nor a team");
        }
        // a grant older than the space's last transfer was dropped by content with all the others
        em.createNativeQuery("""
                        INSERT INTO space_grant (space_id, principal_type, principal_id, organization_id, role, version)
                        SELECT :space, :type, :principal, :org, CAST(:role AS text), :v
                        WHERE NOT EXISTS (SELECT 1 FROM space_state WHERE space_id = :space AND grants_reset_at > :v)
                        ON CONFLICT (space_id, principal_type, principal_id) DO UPDATE
                        SET organization_id = EXCLUDED.organization_id, role = EXCLUDED.role, version = EXCLUDED.version
                        WHERE space_grant.version <= EXCLUDED.version""")
                .setParameter("space", space).setParameter("type", principalType).setParameter("principal", principal)
                .setParameter("org", organization).setParameter("role", role).setParameter("v", time)
                .executeUpdate();
    }

    void setDeleted(String space, boolean deleted, Instant time) {
        em.createNativeQuery("""
                        INSERT INTO space_state (space_id, deleted, deleted_version) VALUES (:space, :deleted, :v)
                        ON CONFLICT (space_id) DO UPDATE SET deleted = EXCLUDED.deleted, deleted_version = EXCLUDED.deleted_version
                        WHERE space_state.deleted_version <= EXCLUDED.deleted_version""")
                .setParameter("space", space).setParameter("deleted", deleted).setParameter("v", time).executeUpdate();
    }

    void setOrganization(String space, String organization, Instant time) {
        if (organization == null) {
            return;
        }
        em.createNativeQuery("""
                        INSERT INTO space_state (space_id, organization_id, org_version) VALUES (:space, :org, :v)
                        ON CONFLICT (space_id) DO UPDATE SET organization_id = EXCLUDED.organization_id,
                            org_version = EXCLUDED.org_version
                        WHERE space_state.org_version <= EXCLUDED.org_version""")
                .setParameter("space", space).setParameter("org", organization).setParameter("v", time).executeUpdate();
    }

    /** A transfer: content dropped every grant of the space; those seen so far become tombstones. */
    void resetGrants(String space, Instant time) {
        em.createNativeQuery("""
                        INSERT INTO space_state (space_id, grants_reset_at) VALUES (:space, :v)
                        ON CONFLICT (space_id) DO UPDATE SET grants_reset_at = GREATEST(space_state.grants_reset_at, EXCLUDED.grants_reset_at)""")
                .setParameter("space", space).setParameter("v", time).executeUpdate();
        em.createNativeQuery("UPDATE space_grant SET role = NULL, version = :v WHERE space_id = :space AND version < :v")
                .setParameter("space", space).setParameter("v", time).executeUpdate();
    }

    /** Purged is final, whatever the order of events: no grant of the space counts or is kept any more. */
    void purge(String space) {
        em.createNativeQuery("""
                        INSERT INTO space_state (space_id, purged, grants_reset_at) VALUES (:space, TRUE, 'infinity')
                        ON CONFLICT (space_id) DO UPDATE SET purged = TRUE, grants_reset_at = 'infinity'""")
                .setParameter("space", space).executeUpdate();
        em.createNativeQuery("DELETE FROM space_grant WHERE space_id = :space").setParameter("space", space).executeUpdate();
    }

}
