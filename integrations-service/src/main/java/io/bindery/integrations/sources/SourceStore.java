package io.bindery.integrations.sources;

import io.bindery.integrations.targets.TargetKind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.time.Instant;
import java.util.List;

/** The SQL of {@code space_source} and {@code site_source} (the table is the kind's). Runs in the caller's transaction. */
@ApplicationScoped
class SourceStore {
    @Inject
    EntityManager em;

    /** Stores a target's data (JSON text) unless the row is newer already. */
    void upsert(TargetKind kind, String id, String organizationId, String data, boolean deleted, Instant updatedAt) {
        em.createNativeQuery("INSERT INTO " + kind.sourceTable + " (id, organization_id, data, deleted, updated_at) "
                        + "VALUES (:id, :org, CAST(:d AS jsonb), :del, :at) ON CONFLICT (id) DO UPDATE SET "
                        + "organization_id = EXCLUDED.organization_id, data = EXCLUDED.data, deleted = EXCLUDED.deleted, "
                        + "updated_at = EXCLUDED.updated_at WHERE " + kind.sourceTable + ".updated_at <= EXCLUDED.updated_at")
                .setParameter("id", id).setParameter("org", organizationId).setParameter("d", data)
                .setParameter("del", deleted).setParameter("at", updatedAt)
                .executeUpdate();
    }

    void remove(TargetKind kind, String id) {
        em.createNativeQuery("DELETE FROM " + kind.sourceTable + " WHERE id = :id").setParameter("id", id).executeUpdate();
    }

    /** The rows of these ids (one query, whatever their number). */
    List<Sources.Source> find(TargetKind kind, List<String> ids) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT id, organization_id, CAST(data AS text), deleted FROM "
                + kind.sourceTable + " WHERE id IN (:ids)").setParameter("ids", ids).getResultList();
        return rows.stream().map(r -> new Sources.Source((String) r[0], (String) r[1], (String) r[2],
                Boolean.TRUE.equals(r[3]))).toList();
    }

    long countLive(TargetKind kind, String organizationId) {
        return ((Number) em.createNativeQuery("SELECT count(*) FROM " + kind.sourceTable
                        + " WHERE organization_id = :org AND NOT deleted")
                .setParameter("org", organizationId).getSingleResult()).longValue();
    }
}
