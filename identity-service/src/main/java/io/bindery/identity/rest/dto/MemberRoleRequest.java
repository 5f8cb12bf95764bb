package io.bindery.identity.rest.dto;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;

/** Body of PATCH /orgs/{o}/members/{u}: the member's new role; {@code role} null makes it a guest. */
public record MemberRoleRequest(Role role) {

    /** {@code role} must be present (null is a value here: a guest); 400 naming it otherwise. */
    public static MemberRoleRequest from(JsonNode body) {
        JsonBody b = JsonBody.of(body);
        if (!b.has("role")) {
            throw ApiException.badRequest("role is required (a role, or null for a guest)");
        }
        return new MemberRoleRequest(Role.parse("role", b.string("role").orElse(null)));
    }
}
