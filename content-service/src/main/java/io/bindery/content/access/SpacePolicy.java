package io.bindery.content.access;

import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.content.domain.SpaceRow;

/**
 * What a caller may do on one space: both the space's {@code permissions} object and the checks its endpoints
 * make, so the two cannot disagree. A locked space ({@code editMode: locked}, GitBook: "all edits are locked")
 * takes no content change and no merge from anyone, admins included: an admin unlocks it first (its settings
 * are not content).
 *
 * @param role the caller's resolved role on the space ({@code SpaceRoles}); never null
 */
public record SpacePolicy(String spaceId, Role role, boolean locked) {

    public static SpacePolicy of(SpaceRow space, Role role) {
        return new SpacePolicy(space.id(), role, space.locked());
    }

    public boolean isAdmin() {
        return role == Role.ADMIN;
    }

    /** Change the content, live or on a change request. */
    public boolean canEdit() {
        return !locked && role.atLeast(Role.EDIT);
    }

    public boolean canComment() {
        return role.atLeast(Role.COMMENT);
    }

    public boolean canReview() {
        return role.atLeast(Role.REVIEW);
    }

    public boolean canMerge() {
        return !locked && canReview();
    }

    /** Everyone who sees a space views and opens it; the rest follows the role and the lock. */
    public Permissions permissions() {
        boolean admin = isAdmin();
        return new Permissions(true, true, admin, admin, canEdit(), admin, canComment(), canMerge(),
                canReview(), admin);
    }

    /** 403 unless {@link #canEdit()}: the role first (the message names it), then the lock. */
    public void requireEdit() {
        if (!role.atLeast(Role.EDIT)) {
            throw ApiException.forbidden("you need the edit role or above on space " + spaceId
                    + " to change its content (yours is " + role.wire() + ")");
        }
        if (locked) {
            throw ApiException.forbidden("space " + spaceId
                    + " is locked (editMode locked): its content cannot change until an admin unlocks it");
        }
    }

    public void requireAdmin() {
        ItemPolicies.requireAdmin("space", spaceId, role);
    }

    /** The {@code permissions} object of the Space resource: what this role may do. */
    public record Permissions(boolean view, boolean access, boolean admin, boolean viewInviteLinks, boolean edit,
                              boolean triggerGitSync, boolean comment, boolean merge, boolean review,
                              boolean installIntegration) {
    }
}
