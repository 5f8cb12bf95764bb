package io.bindery.openapi.access;

import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Role x action: every member reads; create and admin upload, change and delete. */
class SpecPolicyTest {
    @ParameterizedTest
    @CsvSource({"READ, true, false", "COMMENT, true, false", "EDIT, true, false", "REVIEW, true, false",
            "CREATE, true, true", "ADMIN, true, true"})
    void rolesAndActions(Role role, boolean view, boolean edit) {
        SpecPolicy policy = new SpecPolicy(role);
        assertEquals(view, policy.allows(SpecPolicy.Action.VIEW));
        assertEquals(edit, policy.allows(SpecPolicy.Action.EDIT));
        assertEquals(new SpecPolicy.Permissions(view, edit), policy.permissions());
        if (!edit) {
            assertEquals(403, assertThrows(ApiException.class, () -> policy.require(SpecPolicy.Action.EDIT)).status());
        }
    }

    @ParameterizedTest
    @CsvSource({"VIEW", "EDIT"})
    void aNonMemberMayDoNothing(SpecPolicy.Action action) {
        assertEquals(false, new SpecPolicy(null).allows(action));
    }
}
