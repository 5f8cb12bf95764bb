package io.bindery.content.access;

import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;

/** The check spaces and collections share: administering one needs the admin role on it. */
final class ItemPolicies {
    private ItemPolicies() {
    }

    static void requireAdmin(String type, String id, Role role) {
        if (role != Role.ADMIN) {
            throw ApiException.forbidden("you need the admin role on " + type + " " + id + " (yours is " + role.wire() + ")");
        }
    }
}
