package io.bindery.identity.teams;

import io.bindery.commons.errors.ApiException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** TeamPolicy as a table: the caller's standing (organization admin or not) × its tie to the team × each action. */
class TeamPolicyTest {

    @ParameterizedTest(name = "orgAdmin={0} creator={1} owner={2}")
    @CsvSource({
            // orgAdmin, creator, owner -> view, manage (rename, delete; permissions.admin), manage members
            "true,  false, false, true, true,  true",
            "true,  true,  true,  true, true,  true",
            "false, true,  false, true, true,  true",
            "false, false, true,  true, false, true",
            "false, false, false, true, false, false",
    })
    void table(boolean orgAdmin, boolean creator, boolean owner, boolean view, boolean manage, boolean manageMembers) {
        TeamPolicy policy = new TeamPolicy(orgAdmin, creator, owner);
        assertEquals(view, policy.canView());
        assertEquals(manage, policy.canManage());
        assertEquals(manageMembers, policy.canManageMembers());
        // the permissions object and the checks say the same
        assertEquals(new TeamView.Permissions(manage, view), policy.permissions());
        assertEquals(manage, allowed(policy::requireManage));
        assertEquals(manageMembers, allowed(policy::requireManageMembers));
    }

    @ParameterizedTest
    @CsvSource({
            "requireManage, only admins of the organization and the team's creator may change this team",
            "requireManageMembers, 'only admins of the organization, the team''s creator and its owners may change its members'",
    })
    void refusalsAre403sWithTheirMessages(String check, String message) {
        TeamPolicy nobody = new TeamPolicy(false, false, false);
        ApiException e = assertThrows(ApiException.class,
                () -> { if (check.equals("requireManage")) nobody.requireManage(); else nobody.requireManageMembers(); });
        assertEquals(403, e.status());
        assertEquals(message, e.getMessage());
    }

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
