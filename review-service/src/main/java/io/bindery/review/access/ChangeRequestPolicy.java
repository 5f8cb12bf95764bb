package io.bindery.review.access;

import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.review.client.SpaceAccess;

/**
 * What a caller may do with a space's change requests, reviews and comments, from its role on the space and the
 * space's lock as content-service answers them. Content's {@code SpacePolicy} has the same rule for the space:
 * a locked space ({@code editMode: locked}) takes no new change request (its content cannot change) and no
 * merge, whatever the role; an admin unlocks it first.
 *
 * @param role the caller's role on the space; never null (a caller who may not see the space got a 404 first)
 */
public record ChangeRequestPolicy(Role role, boolean locked) {

    /** One decision: the role it needs, whether a lock refuses it, and its name in a 403's message. */
    public enum Action {
        CREATE("creating a change request", Role.EDIT, "no change request can be created in it"),
        EDIT("editing a change request", Role.EDIT, null),
        UPDATE("updating a change request", Role.EDIT, null),
        REQUEST_REVIEWERS("requesting reviewers", Role.EDIT, null),
        REMOVE_REVIEWER("removing a requested reviewer", Role.EDIT, null),
        REVIEW("reviewing a change request", Role.REVIEW, null),
        MERGE("merging a change request", Role.REVIEW, "nothing can be merged into it"),
        POST_COMMENT("posting a comment", Role.COMMENT, null),
        CHANGE_COMMENT("changing a comment", Role.COMMENT, null),
        REPLY("replying to a comment", Role.COMMENT, null),
        CHANGE_REPLY("changing a reply", Role.COMMENT, null);

        final String phrase;
        final Role needed;
        /** Why a locked space refuses it; null when the lock does not matter. */
        final String whenLocked;

        Action(String phrase, Role needed, String whenLocked) {
            this.phrase = phrase;
            this.needed = needed;
            this.whenLocked = whenLocked;
        }
    }

    public static ChangeRequestPolicy of(SpaceAccess space) {
        return new ChangeRequestPolicy(space.role(), space.locked());
    }

    public boolean allows(Action action) {
        return role.atLeast(action.needed) && !(locked && action.whenLocked != null);
    }

    /** Deletes any comment or reply, not only its own. */
    public boolean isAdmin() {
        return role == Role.ADMIN;
    }

    /** 403 unless {@link #allows}: the role first (the message names it), then the lock. */
    public void require(Action action) {
        requireRole(action);
        requireUnlocked(action);
    }

    /** The role half alone, for a check that looks at the change request before the lock (merge: 404, 409). */
    public void requireRole(Action action) {
        if (!role.atLeast(action.needed)) {
            throw ApiException.forbidden(action.phrase + " needs the " + action.needed.wire()
                    + " role or above on the space; yours is " + role.wire());
        }
    }

    public void requireUnlocked(Action action) {
        if (locked && action.whenLocked != null) {
            throw ApiException.forbidden("the space is locked (editMode locked): " + action.whenLocked);
        }
    }
}
