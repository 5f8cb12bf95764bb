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
    @Test
    void nonMembersSeeNothing() {
        assertEquals(Optional.empty(), SpaceRoles.resolve(false, null, ADMIN, ADMIN, List.of(ADMIN), ADMIN));
    }

    @Test
    void orgAdminsAreAdminEverywhere() {
        assertEquals(Optional.of(ADMIN), SpaceRoles.resolve(true, ADMIN, READ, READ, List.of(), READ));
    }

    @Test
    void precedenceIsGrantThenSpaceThenNearestCollectionThenOrgDefault() {
        assertEquals(Optional.of(COMMENT), SpaceRoles.resolve(true, EDIT, COMMENT, REVIEW, List.of(CREATE), READ));
        assertEquals(Optional.of(REVIEW), SpaceRoles.resolve(true, EDIT, null, REVIEW, List.of(CREATE), READ));
        assertEquals(Optional.of(CREATE), SpaceRoles.resolve(true, EDIT, null, null, Arrays.asList(null, CREATE, READ), READ));
        assertEquals(Optional.of(READ), SpaceRoles.resolve(true, EDIT, null, null, List.of(), READ));
        assertEquals(Optional.empty(), SpaceRoles.resolve(true, EDIT, null, null, List.of(), null));
    }

    @Test
    void guestsOnlyWithAGrant() {
        assertEquals(Optional.empty(), SpaceRoles.resolve(true, null, null, EDIT, List.of(EDIT), EDIT));
        assertEquals(Optional.of(EDIT), SpaceRoles.resolve(true, null, EDIT, null, List.of(), null));
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
