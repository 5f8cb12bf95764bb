package io.bindery.integrations.sources;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.integrations.targets.TargetKind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Spaces and sites as content and sites publish them ({@code space_source}, {@code site_source}): the organization
 * a platform event's space or site belongs to, and the stored object (content's SpaceData, sites' SiteData).
 * Newest {@code updatedAt} wins, so a redelivered or late event changes nothing.
 */
@ApplicationScoped
public class Sources {
    @Inject
    EntityManager em;
    @Inject
    ObjectMapper json;

    /** A target's organization and stored data (JSON). */
    public record Source(String id, String organizationId, String data, boolean deleted) {
    }

    public void upsert(TargetKind kind, String id, String organizationId, Object data, boolean deleted, Instant updatedAt) {
        String text;
        try {
            text = json.writeValueAsString(data);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(e);
        }
        em.createNativeQuery("INSERT INTO " + kind.sourceTable + " (id, organization_id, data, deleted, updated_at) "
                        + "VALUES (:id, :org, CAST(:d AS jsonb), :del, :at) ON CONFLICT (id) DO UPDATE SET "
                        + "organization_id = EXCLUDED.organization_id, data = EXCLUDED.data, deleted = EXCLUDED.deleted, "
                        + "updated_at = EXCLUDED.updated_at WHERE " + kind.sourceTable + ".updated_at <= EXCLUDED.updated_at")
                .setParameter("id", id).setParameter("org", organizationId).setParameter("d", text)
                .setParameter("del", deleted).setParameter("at", updatedAt == null ? Instant.EPOCH : updatedAt)
                .executeUpdate();
    }

    public void remove(TargetKind kind, String id) {
        em.createNativeQuery("DELETE FROM " + kind.sourceTable + " WHERE id = :id").setParameter("id", id).executeUpdate();
    }

    public Optional<Source> find(TargetKind kind, String id) {
        Map<String, Source> found = find(kind, List.of(id));
        return Optional.ofNullable(found.get(id));
    }

    public Map<String, Source> find(TargetKind kind, List<String> ids) {
        Map<String, Source> out = new HashMap<>();
        if (ids.isEmpty()) {
            return out;
        }
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT id, organization_id, CAST(data AS text), deleted FROM "
                + kind.sourceTable + " WHERE id IN (:ids)").setParameter("ids", ids).getResultList();
        for (Object[] r : rows) {
            out.put((String) r[0], new Source((String) r[0], (String) r[1], (String) r[2], Boolean.TRUE.equals(r[3])));
        }
        return out;
    }

    /** Live targets of an organization: what an installation with selection {@code all} covers. */
    public long count(TargetKind kind, String organizationId) {
        return ((Number) em.createNativeQuery("SELECT count(*) FROM " + kind.sourceTable
                        + " WHERE organization_id = :org AND NOT deleted")
                .setParameter("org", organizationId).getSingleResult()).longValue();
    }
}
