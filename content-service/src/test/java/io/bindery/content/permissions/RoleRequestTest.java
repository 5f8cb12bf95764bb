package io.bindery.content.permissions;

import io.bindery.commons.auth.Role;
import org.junit.jupiter.api.Test;

import static io.bindery.content.RequestAssertions.json;
import static io.bindery.content.RequestAssertions.rejects;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The body of a user's or a team's grant: a role, or null to remove it; absent is a 400. */
class RoleRequestTest {

    @Test
    void roleIsRequiredAndNullRemoves() {
        assertEquals(new RoleRequest(Role.EDIT), RoleRequest.from(json("{\"role\":\"edit\"}")));
        assertEquals(new RoleRequest(null), RoleRequest.from(json("{\"role\":null}")));
        rejects(400, "role is required (a role, or null to remove the grant)", () -> RoleRequest.from(json("{}")));
        rejects(400, "role must be one of admin, create, review, edit, comment, read", () -> RoleRequest.from(json("{\"role\":\"owner\"}")));
        rejects(400, "field 'role' has the wrong type: expected string", () -> RoleRequest.from(json("{\"role\":1}")));
    }
}
