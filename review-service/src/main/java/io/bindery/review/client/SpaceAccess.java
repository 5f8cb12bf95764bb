package io.bindery.review.client;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Role;

/**
 * A space as content-service knows it and the caller's role on it (null: the caller may not see it).
 * {@code mergeRules} is the space's stored rules, or a missing node when none are set.
 */
public record SpaceAccess(String spaceId, String organizationId, String title, boolean locked, String revision,
                          JsonNode mergeRules, Role role) {

    static SpaceAccess of(JsonNode body) {
        JsonNode space = body.path("space");
        String role = body.path("role").isTextual() ? body.path("role").asText() : null;
        return new SpaceAccess(space.path("id").asText(), space.path("organization").asText(),
                space.path("title").asText(""), "locked".equals(space.path("editMode").asText()),
                space.path("revision").asText(null), space.path("mergeRules"),
                role == null ? null : Role.parse("role", role));
    }

    public boolean can(Role needed) {
        return role != null && role.atLeast(needed);
    }
}
