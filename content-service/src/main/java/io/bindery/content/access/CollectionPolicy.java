package io.bindery.content.access;

import io.bindery.commons.auth.Role;

/**
 * What a caller may do on one collection: its {@code permissions} object and the checks its endpoints make.
 * Collections have no lock: the role alone decides.
 *
 * @param role the caller's resolved role on the collection ({@code SpaceRoles}); never null
 */
public record CollectionPolicy(String collectionId, Role role) {

    public boolean isAdmin() {
        return role == Role.ADMIN;
    }

    /** Create spaces and collections inside it (or move them in). */
    public boolean canCreate() {
        return role.atLeast(Role.CREATE);
    }

    public Permissions permissions() {
        return new Permissions(true, isAdmin(), isAdmin(), canCreate());
    }

    public void requireAdmin() {
        ItemPolicies.requireAdmin("collection", collectionId, role);
    }

    /** The {@code permissions} object of the Collection resource: what this role may do. */
    public record Permissions(boolean view, boolean admin, boolean viewInviteLinks, boolean create) {
    }
}
