package io.bindery.commons.auth;

import io.bindery.commons.errors.ApiException;
import io.bindery.commons.ids.Ids;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import static io.bindery.commons.auth.Role.*;
import static org.junit.jupiter.api.Assertions.*;

class SpaceRolesTest {
    private static Optional<Role> resolve(boolean member, Role orgRole, List<Role> grants, Role level, List<Role> collections) {
        return SpaceRoles.resolve(member, orgRole, grants, level, collections);
    }

    @Test
    void nonMembersSeeNothing() {
        assertEquals(Optional.empty(), resolve(false, null, List.of(ADMIN), ADMIN, List.of(ADMIN)));
        assertEquals(Optional.empty(), resolve(false, EDIT, List.of(), null, List.of()));
    }

    @Test
    void orgAdminsAreAdminEverywhere() {
        assertEquals(Optional.of(ADMIN), resolve(true, ADMIN, List.of(READ), READ, List.of(READ)));
    }

    /** Each organization role on a space with default settings (no grant, inherit everywhere): that role. */
    @Test
    void membersGetTheirOwnOrganizationRoleByDefault() {
        for (Role role : Role.values()) {
            assertEquals(Optional.of(role), resolve(true, role, List.of(), null, List.of()), role.wire());
            assertEquals(Optional.of(role), resolve(true, role, List.of(), null, Arrays.asList(null, null)), role.wire());
        }
    }

    @Test
    void precedenceIsGrantsThenItemThenNearestCollectionThenOwnRole() {
        // a grant wins over every level, even when lower than the member's role
        assertEquals(Optional.of(COMMENT), resolve(true, EDIT, List.of(COMMENT), REVIEW, List.of(CREATE)));
        assertEquals(Optional.of(REVIEW), resolve(true, EDIT, List.of(), REVIEW, List.of(CREATE)));
        assertEquals(Optional.of(READ), resolve(true, EDIT, List.of(), READ, List.of(CREATE)));
        assertEquals(Optional.of(CREATE), resolve(true, EDIT, List.of(), null, Arrays.asList(null, CREATE, READ)));
        assertEquals(Optional.of(COMMENT), resolve(true, EDIT, List.of(), null, Arrays.asList(COMMENT, CREATE)));
        assertEquals(Optional.of(EDIT), resolve(true, EDIT, List.of(), null, List.of()));
    }

    @Test
    void theHighestOfOwnAndTeamGrantsWins() {
        assertEquals(Optional.of(REVIEW), resolve(true, READ, List.of(COMMENT, REVIEW, EDIT), null, List.of()));
        assertEquals(Optional.of(EDIT), resolve(true, null, Arrays.asList(null, EDIT, READ), null, List.of()));
    }

    @Test
    void guestsOnlyWithAGrant() {
        assertEquals(Optional.empty(), resolve(true, null, List.of(), EDIT, List.of(EDIT)));
        assertEquals(Optional.of(EDIT), resolve(true, null, List.of(EDIT), null, List.of()));
        assertEquals(Optional.of(READ), resolve(true, null, List.of(READ), ADMIN, List.of(ADMIN)));
    }

    @Test
    void rolesParseAndOrder() {
        assertTrue(REVIEW.atLeast(EDIT));
        assertFalse(COMMENT.atLeast(EDIT));
        assertEquals(CREATE, Role.parse("role", "create"));
        assertNull(Role.parse("role", null));
        ApiException e = assertThrows(ApiException.class, () -> Role.parse("defaultRole", "owner"));
        assertTrue(e.getMessage().startsWith("defaultRole"));
    }

    @Test
    void idsAreTwentyBase62Chars() {
        String id = Ids.newId();
        assertTrue(Ids.looksLikeId(id), id);
        assertNotEquals(id, Ids.newId());
        assertFalse(Ids.looksLikeId("short"));
    }
}
