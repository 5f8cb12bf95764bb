package io.bindery.review.access;

import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.review.access.ChangeRequestPolicy.Action;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

import static io.bindery.review.access.ChangeRequestPolicy.Action.CHANGE_COMMENT;
import static io.bindery.review.access.ChangeRequestPolicy.Action.CHANGE_REPLY;
import static io.bindery.review.access.ChangeRequestPolicy.Action.CREATE;
import static io.bindery.review.access.ChangeRequestPolicy.Action.EDIT;
import static io.bindery.review.access.ChangeRequestPolicy.Action.MERGE;
import static io.bindery.review.access.ChangeRequestPolicy.Action.POST_COMMENT;
import static io.bindery.review.access.ChangeRequestPolicy.Action.REMOVE_REVIEWER;
import static io.bindery.review.access.ChangeRequestPolicy.Action.REPLY;
import static io.bindery.review.access.ChangeRequestPolicy.Action.REQUEST_REVIEWERS;
import static io.bindery.review.access.ChangeRequestPolicy.Action.REVIEW;
import static io.bindery.review.access.ChangeRequestPolicy.Action.UPDATE;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The change-request policy as a table: role × editMode × action. */
class ChangeRequestPolicyTest {
    static final Set<Action> COMMENTING = EnumSet.of(POST_COMMENT, CHANGE_COMMENT, REPLY, CHANGE_REPLY);
    static final Set<Action> EDITING = union(COMMENTING, EnumSet.of(CREATE, EDIT, UPDATE, REQUEST_REVIEWERS, REMOVE_REVIEWER));
    static final Set<Action> REVIEWING = union(EDITING, EnumSet.of(REVIEW, MERGE));

    static final Map<Role, Set<Action>> LIVE = Map.of(
            Role.READ, EnumSet.noneOf(Action.class),
            Role.COMMENT, COMMENTING,
            Role.EDIT, EDITING,
            Role.REVIEW, REVIEWING,
            Role.CREATE, REVIEWING,
            Role.ADMIN, REVIEWING);

    /** Locked: no new change request (content's SpacePolicy: no content change) and no merge, for any role. */
    static final Set<Action> REFUSED_WHEN_LOCKED = EnumSet.of(CREATE, MERGE);

    @ParameterizedTest
    @EnumSource(Role.class)
    void decisionsFollowTheTable(Role role) {
        for (boolean locked : new boolean[]{false, true}) {
            ChangeRequestPolicy policy = new ChangeRequestPolicy(role, locked);
            for (Action action : Action.values()) {
                boolean expected = LIVE.get(role).contains(action) && !(locked && REFUSED_WHEN_LOCKED.contains(action));
                String row = role.wire() + (locked ? " locked " : " live ") + action;
                assertEquals(expected, policy.allows(action), row);
                if (expected) {
                    assertDoesNotThrow(() -> policy.require(action), row);
                } else {
                    assertEquals(403, assertThrows(ApiException.class, () -> policy.require(action), row).status(), row);
                }
            }
            assertEquals(role == Role.ADMIN, policy.isAdmin());
        }
    }

    /**
     * The case that disagreed: content's permissions object said {@code edit: false} on a locked space, while
     * review let an editor (or an admin) open a change request there.
     */
    @Test
    void aLockedSpaceTakesNoNewChangeRequestEvenFromAnAdmin() {
        for (Role role : new Role[]{Role.EDIT, Role.ADMIN}) {
            ApiException e = assertThrows(ApiException.class, () -> new ChangeRequestPolicy(role, true).require(CREATE));
            assertEquals(403, e.status());
            assertEquals("the space is locked (editMode locked): no change request can be created in it", e.getMessage());
        }
    }

    @Test
    void messagesAsBefore() {
        assertEquals("creating a change request needs the edit role or above on the space; yours is comment",
                assertThrows(ApiException.class, () -> new ChangeRequestPolicy(Role.COMMENT, false).require(CREATE)).getMessage());
        assertEquals("reviewing a change request needs the review role or above on the space; yours is edit",
                assertThrows(ApiException.class, () -> new ChangeRequestPolicy(Role.EDIT, false).require(REVIEW)).getMessage());
        assertEquals("replying to a comment needs the comment role or above on the space; yours is read",
                assertThrows(ApiException.class, () -> new ChangeRequestPolicy(Role.READ, false).require(REPLY)).getMessage());
        assertEquals("the space is locked (editMode locked): nothing can be merged into it",
                assertThrows(ApiException.class, () -> new ChangeRequestPolicy(Role.ADMIN, true).require(MERGE)).getMessage());
        // merge checks the role before reading the change request, the lock after it
        assertDoesNotThrow(() -> new ChangeRequestPolicy(Role.REVIEW, true).requireRole(MERGE));
        assertThrows(ApiException.class, () -> new ChangeRequestPolicy(Role.EDIT, true).requireRole(MERGE));
    }

    private static Set<Action> union(Set<Action> a, Set<Action> b) {
        Set<Action> out = EnumSet.copyOf(a);
        out.addAll(b);
        return out;
    }
}
