package io.bindery.integrations.sources;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.integrations.targets.TargetKind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

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
    SourceStore store;
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
        store.upsert(kind, id, organizationId, text, deleted, updatedAt == null ? Instant.EPOCH : updatedAt);
    }

    public void remove(TargetKind kind, String id) {
        store.remove(kind, id);
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
        for (Source source : store.find(kind, ids)) {
            out.put(source.id(), source);
        }
        return out;
    }

    /** Live targets of an organization: what an installation with selection {@code all} covers. */
    public long count(TargetKind kind, String organizationId) {
        return store.countLive(kind, organizationId);
    }
}
