package io.bindery.sites.sitespace;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.contracts.content.SpaceData;
import io.bindery.sites.cache.VersionedCache;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Collection;
import java.util.HashMap;
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
    SpaceSourceStore store;
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
        store.upsert(space.id(), space.organization(), data, space.updatedAt(), space.revision());
    }

    /**
     * The space's live content moved to {@code revision} (a merge, an edit): the reader shows it from now on. Events
     * of one space arrive in order, so the last one applied is the current revision.
     */
    public void revisionMoved(String spaceId, String revision) {
        store.revisionMoved(spaceId, revision);
    }

    /** The space's current revision, if the space is stored. */
    public java.util.Optional<String> revision(String spaceId) {
        return store.revision(spaceId);
    }

    /** The live revision of each of {@code ids} that has one, by space id: one query for a whole site's spaces. */
    public Map<String, String> revisions(Collection<String> ids) {
        Map<String, String> out = new HashMap<>();
        if (ids.isEmpty()) {
            return out;
        }
        for (Object[] row : store.revisions(ids)) {
            out.put((String) row[0], (String) row[1]);
        }
        return out;
    }

    public void remove(String spaceId) {
        store.delete(spaceId);
        parsed.remove(spaceId);
    }

    /** The stored spaces among {@code ids} (without permissions), by id. */
    public Map<String, SpaceData> find(Collection<String> ids) {
        Map<String, SpaceData> out = new HashMap<>();
        if (ids.isEmpty()) {
            return out;
        }
        for (SpaceSourceStore.SourceRow row : store.rows(ids)) {
            String revision = row.revision();
            out.put(row.spaceId(), parsed.get(row.spaceId(), row.updatedAt() + "|" + revision, () -> {
                SpaceData space = read(row.data());
                return revision == null ? space : space.withRevision(revision);
            }));
        }
        return out;
    }

    private SpaceData read(String data) {
        try {
            return json.readValue(data, SpaceData.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored space that is not a Space: " + e.getOriginalMessage(), e);
        }
    }
}
