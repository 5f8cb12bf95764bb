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

    /** Stored JSON text (mergeRules, gitSync) as a tree. */
    public JsonNode mergeRules(String stored) {
        try {
            return json.readTree(stored);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a stored JSON column is not JSON", e);
        }
    }
}
