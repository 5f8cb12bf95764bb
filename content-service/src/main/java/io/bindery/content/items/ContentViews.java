package io.bindery.content.items;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.auth.Role;
import io.bindery.commons.urls.PublicUrls;
import io.bindery.content.access.SpacePolicy;
import io.bindery.content.domain.SpaceRow;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** The API shape of spaces (collections' is {@code CollectionViews}); a null role leaves out {@code permissions} (event data). */
@ApplicationScoped
public class ContentViews {
    @Inject
    PublicUrls urls;
    @Inject
    ObjectMapper json;

    public SpaceView space(SpaceRow s, Role role) {
        return new SpaceView("space", s.id(), s.title(), s.emoji(), s.visibility(), s.createdAt(), s.updatedAt(),
                s.deletedAt(), s.editMode(), mergeRules(s.mergeRules()),
                new SpaceView.Urls(urls.api("/spaces/" + s.id()), urls.app("/o/" + s.organizationId() + "/s/" + s.id()),
                        s.publishedUrl()),
                s.organizationId(), s.parentId(), s.language(), s.revisionId(), level(s.defaultLevel()), s.comments(),
                s.changeRequests(), s.changeRequestsOpen(), s.changeRequestsDraft(),
                s.gitSync() == null ? null : mergeRules(s.gitSync()),
                role == null ? null : SpacePolicy.of(s, role).permissions());
    }

    /** A stored default level on the wire: the role, or "inherit" when none is set. */
    public static String level(String stored) {
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
