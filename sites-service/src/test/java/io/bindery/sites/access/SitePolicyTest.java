package io.bindery.sites.access;

import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.sites.access.SitePolicy.Action;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Role × action: what the endpoints enforce is what the Site's permissions object says. */
class SitePolicyTest {

    @ParameterizedTest(name = "{0}: view {1}, manage {2}")
    @CsvSource({
            "guest,   false, false",
            "read,    true,  false",
            "comment, true,  false",
            "edit,    true,  false",
            "review,  true,  false",
            "create,  true,  true",
            "admin,   true,  true",
    })
    void roleByAction(String roleName, boolean view, boolean manage) {
        Role role = roleName.equals("guest") ? null : Role.parse("role", roleName);
        SitePolicy policy = new SitePolicy(role);
        check(policy, Action.VIEW, view);
        check(policy, Action.MANAGE, manage);
        SitePolicy.Permissions p = policy.permissions();
        assertEquals(view, p.view());
        assertEquals(view, p.viewAdaptiveSchema());
        assertEquals(manage, p.create());
        assertEquals(manage, p.admin());
        assertEquals(manage, p.editAdaptiveSchema());
        assertEquals(role == Role.ADMIN, p.installIntegration());
    }

    private static void check(SitePolicy policy, Action action, boolean allowed) {
        assertEquals(allowed, policy.allows(action), action.name());
        if (allowed) {
            assertDoesNotThrow(() -> policy.require(action));
        } else {
            assertEquals(403, assertThrows(ApiException.class, () -> policy.require(action)).status());
        }
    }
}
