package io.bindery.identity.members;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Role;
import io.bindery.commons.json.JsonBody;

/**
 * Body of PATCH /orgs/{o}/members/{u}: the member's new role; {@code role} null makes it a guest. GitBook's document
 * makes {@code role} optional: without it ({@code changes} false) the member is answered unchanged.
 */
public record MemberRoleRequest(Role role, boolean changes) {

    /** {@code role} absent changes nothing; present, it is a role or null (a guest); 400 naming it otherwise. */
    public static MemberRoleRequest from(JsonNode body) {
        JsonBody b = JsonBody.of(body);
        if (!b.has("role")) {
            return new MemberRoleRequest(null, false);
        }
        return new MemberRoleRequest(Role.parse("role", b.string("role").orElse(null)), true);
    }
}
