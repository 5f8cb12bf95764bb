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

/** The collection policy as a table: role × action (collections have no lock), permissions and checks alike. */
class CollectionPolicyTest {
    static final Map<Role, Set<String>> ALLOWED = Map.of(
            Role.READ, Set.of("view"),
            Role.COMMENT, Set.of("view"),
            Role.EDIT, Set.of("view"),
            Role.REVIEW, Set.of("view"),
            Role.CREATE, Set.of("view", "create"),
            Role.ADMIN, Set.of("view", "create", "admin", "viewInviteLinks"));

    @ParameterizedTest
    @EnumSource(Role.class)
    void permissionsAndChecksFollowTheTable(Role role) {
        CollectionPolicy policy = new CollectionPolicy("c1", role);
        Set<String> expected = ALLOWED.get(role);
        assertEquals(new TreeSet<>(expected), allowed(policy.permissions()), role.wire());
        assertEquals(expected.contains("create"), policy.canCreate(), role.wire());
        assertEquals(expected.contains("admin"), policy.isAdmin(), role.wire());
        if (expected.contains("admin")) {
            assertDoesNotThrow(policy::requireAdmin);
        } else {
            assertEquals(403, assertThrows(ApiException.class, policy::requireAdmin).status());
        }
    }

    @Test
    void adminMessageAsBefore() {
        assertEquals("you need the admin role on collection c1 (yours is review)",
                assertThrows(ApiException.class, new CollectionPolicy("c1", Role.REVIEW)::requireAdmin).getMessage());
    }

    static Set<String> allowed(CollectionPolicy.Permissions p) {
        Set<String> out = new TreeSet<>();
        Map.of("view", p.view(), "admin", p.admin(), "viewInviteLinks", p.viewInviteLinks(), "create", p.create())
                .forEach((k, v) -> {
                    if (v) {
                        out.add(k);
                    }
                });
        return out;
    }
}
