package io.bindery.content.permissions;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;

/**
 * The body of {@code PATCH .../permissions/users/{u}} and {@code .../permissions/teams/{t}}: {@code role}, required,
 * a role or null, which removes the grant.
 */
public record RoleRequest(Role role) {

    public static RoleRequest from(JsonNode node) {
        JsonBody body = JsonBody.of(node);
        if (!body.has("role")) {
            throw ApiException.badRequest("role is required (a role, or null to remove the grant)");
        }
        return new RoleRequest(Role.parse("role", body.string("role").orElse(null)));
    }
}
