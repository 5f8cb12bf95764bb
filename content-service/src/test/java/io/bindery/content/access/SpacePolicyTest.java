package io.bindery.content.access;

import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The space policy as a table: role × editMode × action, for the permissions object and the checks alike. */
class SpacePolicyTest {
    static final String ID = "s1";

    /** The actions allowed per role on a live space (GitBook's permissions keys, plus the checks). */
    static final Map<Role, Set<String>> LIVE = Map.of(
            Role.READ, Set.of("view", "access"),
            Role.COMMENT, Set.of("view", "access", "comment"),
            Role.EDIT, Set.of("view", "access", "comment", "edit"),
            Role.REVIEW, Set.of("view", "access", "comment", "edit", "review", "merge"),
            Role.CREATE, Set.of("view", "access", "comment", "edit", "review", "merge"),
            Role.ADMIN, Set.of("view", "access", "admin", "viewInviteLinks", "edit", "triggerGitSync", "comment",
                    "merge", "review", "installIntegration"));

    /** Locked: the same minus edit and merge, for every role (an admin unlocks first). */
    static final Map<Role, Set<String>> LOCKED = Map.of(
            Role.READ, Set.of("view", "access"),
            Role.COMMENT, Set.of("view", "access", "comment"),
            Role.EDIT, Set.of("view", "access", "comment"),
            Role.REVIEW, Set.of("view", "access", "comment", "review"),
            Role.CREATE, Set.of("view", "access", "comment", "review"),
            Role.ADMIN, Set.of("view", "access", "admin", "viewInviteLinks", "triggerGitSync", "comment", "review",
                    "installIntegration"));

    @ParameterizedTest
    @EnumSource(Role.class)
    void permissionsFollowTheTable(Role role) {
        assertEquals(new TreeSet<>(LIVE.get(role)), allowed(new SpacePolicy(ID, role, false).permissions()), role + " live");
        assertEquals(new TreeSet<>(LOCKED.get(role)), allowed(new SpacePolicy(ID, role, true).permissions()), role + " locked");
    }

    /** The checks answer as the permissions object does, role by role and state by state. */
    @ParameterizedTest
    @EnumSource(Role.class)
    void checksAgreeWithThePermissionsObject(Role role) {
        for (boolean locked : new boolean[]{false, true}) {
            SpacePolicy policy = new SpacePolicy(ID, role, locked);
            Set<String> expected = (locked ? LOCKED : LIVE).get(role);
            String row = role + (locked ? " locked" : " live");
            assertEquals(expected.contains("edit"), policy.canEdit(), row + " canEdit");
            assertEquals(expected.contains("merge"), policy.canMerge(), row + " canMerge");
            assertEquals(expected.contains("review"), policy.canReview(), row + " canReview");
            assertEquals(expected.contains("comment"), policy.canComment(), row + " canComment");
            assertEquals(expected.contains("admin"), policy.isAdmin(), row + " isAdmin");
            if (expected.contains("edit")) {
                assertDoesNotThrow(policy::requireEdit, row);
            } else {
                assertEquals(403, assertThrows(ApiException.class, policy::requireEdit, row).status(), row);
            }
            if (expected.contains("admin")) {
                assertDoesNotThrow(policy::requireAdmin, row);
            } else {
                assertEquals(403, assertThrows(ApiException.class, policy::requireAdmin, row).status(), row);
            }
        }
    }

    /**
     * The case that disagreed: the permissions object said {@code edit: false} on a locked space while the
     * content endpoints let an editor (or an admin) write. Now both say no.
     */
    @Test
    void aLockedSpaceRefusesContentChangesEvenToAnAdmin() {
        for (Role role : new Role[]{Role.EDIT, Role.ADMIN}) {
            SpacePolicy policy = new SpacePolicy(ID, role, true);
            ApiException e = assertThrows(ApiException.class, policy::requireEdit);
            assertEquals(403, e.status());
            assertEquals("space s1 is locked (editMode locked): its content cannot change until an admin unlocks it",
                    e.getMessage());
            assertEquals(false, policy.permissions().edit());
        }
    }

    @Test
    void messagesNameTheRoleAsBefore() {
        assertEquals("you need the edit role or above on space s1 to change its content (yours is comment)",
                assertThrows(ApiException.class, new SpacePolicy(ID, Role.COMMENT, false)::requireEdit).getMessage());
        // the role comes first: a reader of a locked space hears about its role
        assertEquals("you need the edit role or above on space s1 to change its content (yours is read)",
                assertThrows(ApiException.class, new SpacePolicy(ID, Role.READ, true)::requireEdit).getMessage());
        assertEquals("you need the admin role on space s1 (yours is create)",
                assertThrows(ApiException.class, new SpacePolicy(ID, Role.CREATE, false)::requireAdmin).getMessage());
    }

    static Set<String> allowed(SpacePolicy.Permissions p) {
        Set<String> out = new TreeSet<>();
        Map<String, Boolean> keys = Map.of("view", p.view(), "access", p.access(), "admin", p.admin(),
                "viewInviteLinks", p.viewInviteLinks(), "edit", p.edit(), "triggerGitSync", p.triggerGitSync(),
                "comment", p.comment(), "merge", p.merge(), "review", p.review(),
                "installIntegration", p.installIntegration());
        keys.forEach((k, v) -> {
            if (v) {
                out.add(k);
            }
        });
        return out;
    }
}
