package io.bindery.sites.sitespace;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.contracts.content.SpaceData;
import io.bindery.sites.cache.VersionedCache;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The spaces site spaces embed, as content last showed them (table space_source): written from content's space
 * events and from the read-through when a space is added or re-pointed, newest {@code updatedAt} first. Parsed
 * views are kept in memory by (space, updatedAt), so that {@code published} of a site with hundreds of site spaces
 * does not parse their JSON on every request.
 */
@ApplicationScoped
public class SpaceSources {

    @Inject
    EntityManager em;
    @Inject
    ObjectMapper json;

    private final VersionedCache<SpaceData> parsed = new VersionedCache<>(5000);

    /** Stores the space unless a newer version is stored (runs in the caller's transaction). */
    public void upsert(SpaceData space) {
        if (space.id() == null || space.organization() == null || space.updatedAt() == null) {
            throw new IllegalArgumentException("a space without id, organization or updatedAt");
        }
        String data;
        try {
            data = json.writeValueAsString(space.withPermissions(null));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a space that cannot be written as JSON", e);
        }
        em.createNativeQuery("""
                        INSERT INTO space_source (space_id, organization_id, data, updated_at, revision, revision_at)
                        VALUES (:id, :org, :data, :at, :revision, now())
                        ON CONFLICT (space_id) DO UPDATE SET organization_id = EXCLUDED.organization_id,
                            data = EXCLUDED.data, updated_at = EXCLUDED.updated_at,
                            revision = COALESCE(EXCLUDED.revision, space_source.revision),
                            revision_at = CASE WHEN space_source.revision IS DISTINCT FROM EXCLUDED.revision
                                               AND EXCLUDED.revision IS NOT NULL THEN now() ELSE space_source.revision_at END
                        WHERE space_source.updated_at <= EXCLUDED.updated_at""")
                .setParameter("id", space.id()).setParameter("org", space.organization()).setParameter("data", data)
                .setParameter("at", Timestamp.from(space.updatedAt())).setParameter("revision", space.revision())
                .executeUpdate();
    }

    /**
     * The space's live content moved to {@code revision} (a merge, an edit): the reader shows it from now on. Events
     * of one space arrive in order, so the last one applied is the current revision.
     */
    public void revisionMoved(String spaceId, String revision) {
        em.createNativeQuery("UPDATE space_source SET revision = :revision, revision_at = now() "
                        + "WHERE space_id = :id AND revision IS DISTINCT FROM :revision")
                .setParameter("id", spaceId).setParameter("revision", revision).executeUpdate();
    }

    /** The space's current revision, if the space is stored. */
    public java.util.Optional<String> revision(String spaceId) {
        @SuppressWarnings("unchecked")
        List<String> rows = em.createNativeQuery("SELECT revision FROM space_source WHERE space_id = :id")
                .setParameter("id", spaceId).getResultList();
        return rows.stream().filter(java.util.Objects::nonNull).findFirst();
    }

    /** The live revision of each of {@code ids} that has one, by space id: one query for a whole site's spaces. */
    public Map<String, String> revisions(Collection<String> ids) {
        Map<String, String> out = new HashMap<>();
        if (ids.isEmpty()) {
            return out;
        }
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery(
                        "SELECT space_id, revision FROM space_source WHERE space_id IN (:ids) AND revision IS NOT NULL")
                .setParameter("ids", ids).getResultList();
        for (Object[] row : rows) {
            out.put((String) row[0], (String) row[1]);
        }
        return out;
    }

    public void remove(String spaceId) {
        em.createNativeQuery("DELETE FROM space_source WHERE space_id = :id").setParameter("id", spaceId).executeUpdate();
        parsed.remove(spaceId);
    }

    /** The stored spaces among {@code ids} (without permissions), by id. */
    public Map<String, SpaceData> find(Collection<String> ids) {
        Map<String, SpaceData> out = new HashMap<>();
        if (ids.isEmpty()) {
            return out;
        }
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT space_id, updated_at, data, revision FROM space_source WHERE space_id IN (:ids)")
                .setParameter("ids", ids).getResultList();
        for (Object[] row : rows) {
            String id = (String) row[0];
            String revision = (String) row[3];
            out.put(id, parsed.get(id, instant(row[1]) + "|" + revision, () -> {
                SpaceData space = read((String) row[2]);
                return revision == null ? space : space.withRevision(revision);
            }));
        }
        return out;
    }

    /** A timestamptz as the JDBC driver hands it over. */
    static Instant instant(Object value) {
        return switch (value) {
            case Timestamp t -> t.toInstant();
            case java.time.OffsetDateTime o -> o.toInstant();
            case Instant i -> i;
            default -> throw new IllegalStateException("not a timestamp: " + value);
        };
    }

    private SpaceData read(String data) {
        try {
            return json.readValue(data, SpaceData.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored space that is not a Space: " + e.getOriginalMessage(), e);
        }
    }
}
