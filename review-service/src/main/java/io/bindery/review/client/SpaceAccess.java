package io.bindery.review.client;

import io.bindery.contracts.content.SpaceAccessResponse;
import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Role;

/**
 * A space as content-service knows it and the caller's role on it (null: the caller may not see it).
 * {@code mergeRules} is the space's stored rules, or null (or a null node) when none are set.
 */
public record SpaceAccess(String spaceId, String organizationId, String title, boolean locked, String revision,
                          JsonNode mergeRules, Role role) {

    /** {@code mergeRules}: the answer's rules as a tree (the contract record holds them as plain maps and lists). */
    static SpaceAccess of(SpaceAccessResponse body, JsonNode mergeRules) {
        SpaceAccessResponse.Space space = body.space();
        return new SpaceAccess(space.id(), space.organization(), space.title() == null ? "" : space.title(), space.locked(),
                space.revision(), mergeRules, body.role() == null ? null : Role.parse("role", body.role()));
    }

    public boolean can(Role needed) {
        return role != null && role.atLeast(needed);
    }
}
