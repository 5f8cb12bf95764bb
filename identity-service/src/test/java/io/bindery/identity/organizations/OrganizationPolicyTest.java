package io.bindery.identity.organizations;

import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** OrganizationPolicy as a table: membership × organization role (empty: guest) × each action. */
class OrganizationPolicyTest {

    @ParameterizedTest(name = "member={0} role={1}")
    @CsvSource({
            // member, role -> admin, create (content, OpenAPI specs, teams), list (members, teams, integrations)
            "true,  admin,   true,  true,  true",
            "true,  create,  false, true,  true",
            "true,  edit,    false, false, true",
            "true,  review,  false, false, true",
            "true,  comment, false, false, true",
            "true,  read,    false, false, true",
            "true,  ,        false, false, false",
            "false, ,        false, false, false",
            "false, admin,   false, false, false",
    })
    void table(boolean member, String role, boolean admin, boolean create, boolean list) {
        OrganizationPolicy policy = OrganizationPolicy.of(member, role == null ? null : Role.parse("role", role));
        assertEquals(admin, policy.isAdmin());
        assertEquals(create, policy.canCreate());
        assertEquals(list, policy.canList());
        // the permissions object and the checks say the same
        OrganizationView.Permissions p = policy.permissions();
        assertEquals(new OrganizationView.Permissions(member, member, admin, create, create, create, admin, admin,
                list, list, list, admin, admin), p);
        assertEquals(p.admin(), allowed(policy::requireAdmin));
        assertEquals(p.ownTeam(), allowed(policy::requireCreateTeam));
    }

    /** Whether the check lets the caller through; a refusal must be a 403 (as TeamPolicyTest's). */
    static boolean allowed(Runnable check) {
        try {
            check.run();
            return true;
        } catch (ApiException e) {
            assertEquals(403, e.status());
            return false;
        }
    }
}
