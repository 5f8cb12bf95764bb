package io.bindery.commons.projection;

import io.bindery.commons.auth.Role;

/**
 * What another service needs to know about a caller in an organization: its member role (null: a guest)
 * and the organization's defaultRole, the inputs of {@link io.bindery.commons.auth.SpaceRoles}.
 */
public record Membership(String organizationId, String userId, Role role, Role orgDefaultRole) {
    public boolean admin() {
        return role == Role.ADMIN;
    }

    public boolean guest() {
        return role == null;
    }
}
