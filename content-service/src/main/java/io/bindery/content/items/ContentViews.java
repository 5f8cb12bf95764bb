package io.bindery.content.items;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.auth.Role;
import io.bindery.commons.urls.PublicUrls;
import io.bindery.content.access.CollectionPolicy;
import io.bindery.content.access.SpacePolicy;
import io.bindery.content.domain.Collection;
import io.bindery.content.domain.Space;
import io.bindery.content.domain.SpaceProjections;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** The API shapes of spaces and collections; a null role leaves out {@code permissions} (event data). */
@ApplicationScoped
public class ContentViews {
    @Inject
    PublicUrls urls;
    @Inject
    ObjectMapper json;
    /*
     * Parsed trees of the stored texts, shared by every view that has that text: nearly all spaces hold one of a few
     * mergeRules texts, and parsing them made 3 % of a GET /v1/spaces/{id} (issue 29). The trees are only ever
     * written out, never changed; the map is emptied when it fills (a rare text, e.g. a gitSync state, costs a parse).
     */
    private final java.util.Map<String, JsonNode> parsed = new java.util.concurrent.ConcurrentHashMap<>();
    private static final int PARSED_MAX = 512;

    public CollectionView collection(Collection c, Role role) {
        return new CollectionView("collection", c.id, c.title, c.description, c.organizationId, c.parentId,
                level(c.defaultLevel),
                new CollectionView.Urls(urls.api("/collections/" + c.id), urls.app("/o/" + c.organizationId + "/c/" + c.id)),
                role == null ? null : new CollectionPolicy(c.id, role).permissions());
    }

    public SpaceView space(Space s, Role role) {
        SpaceProjections projected = java.util.Objects.requireNonNullElseGet(s.projected, SpaceProjections::new);
        return new SpaceView("space", s.id, s.title, s.emoji, s.visibility.wire(), s.createdAt, s.updatedAt, s.deletedAt,
                s.editMode.wire(), mergeRules(s.mergeRules),
                new SpaceView.Urls(urls.api("/spaces/" + s.id), urls.app("/o/" + s.organizationId + "/s/" + s.id),
                        projected.publishedUrl),
                s.organizationId, s.parentId, s.language, s.revisionId, level(s.defaultLevel), s.comments,
                s.changeRequests, s.changeRequestsOpen, s.changeRequestsDraft,
                projected.gitSync == null ? null : mergeRules(projected.gitSync),
                role == null ? null : SpacePolicy.of(s, role).permissions());
    }

    /** A stored default level on the wire: the role, or "inherit" when none is set. */
    static String level(String stored) {
        return stored == null ? "inherit" : stored;
    }

    /** Stored JSON text (mergeRules, gitSync) as a tree; callers must not change it (it is shared). */
    public JsonNode mergeRules(String stored) {
        JsonNode tree = parsed.get(stored);
        if (tree != null) {
            return tree;
        }
        try {
            tree = json.readTree(stored);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored JSON column is not JSON", e);
        }
        if (parsed.size() >= PARSED_MAX) {
            parsed.clear();
        }
        parsed.put(stored, tree);
        return tree;
    }
}
