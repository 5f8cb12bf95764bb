package io.bindery.openapi.access;

import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;

/**
 * What a member may do with the OpenAPI specs of its organization, from its role there: every member reads specs
 * and their versions; members with {@code create} or above upload, change visibility and delete. One record
 * answers both the spec's permissions object and the endpoints' checks.
 */
public record SpecPolicy(Role role) {
    public enum Action {
        VIEW, EDIT
    }

    public boolean allows(Action action) {
        return switch (action) {
            case VIEW -> role != null;
            case EDIT -> role != null && role.atLeast(Role.CREATE);
        };
    }

    /** 403 unless allowed; callers check membership (404) first. */
    public void require(Action action) {
        if (!allows(action)) {
            throw ApiException.forbidden(switch (action) {
                case VIEW -> "this needs a member role in the organization";
                case EDIT -> "uploading and changing OpenAPI specs needs the create role or above in the organization";
            });
        }
    }

    /** GitBook's OpenAPISpec.permissions. */
    public Permissions permissions() {
        return new Permissions(allows(Action.VIEW), allows(Action.EDIT));
    }

    public record Permissions(boolean view, boolean edit) {
    }
}
