package io.bindery.content.permissions;

import io.bindery.commons.projection.UserRef;

/** GitBook's UserContentPermission: a user's explicit role on a space or collection. */
public record UserPermissionView(String permission, UserRef.View user) {
}
