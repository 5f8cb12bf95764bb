package io.bindery.integrations.gitsync;

import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;

/**
 * What a caller may do with a space's Git Sync, from its role on the space (content's answer; callers have already
 * turned "cannot see the space" into a 404). Anyone who sees the space sees its Git state; only its admins import
 * and export, which rewrite the space or the repository.
 */
public record GitSyncPolicy(Role role) {
    public enum Action {
        VIEW, MANAGE
    }

    public boolean allows(Action action) {
        return switch (action) {
            case VIEW -> role != null;
            case MANAGE -> role == Role.ADMIN;
        };
    }

    /** 403 unless allowed. */
    public void require(Action action) {
        if (!allows(action)) {
            throw ApiException.forbidden(switch (action) {
                case VIEW -> "this needs a role on the space";
                case MANAGE -> "importing and exporting with Git needs the admin role on the space";
            });
        }
    }
}
