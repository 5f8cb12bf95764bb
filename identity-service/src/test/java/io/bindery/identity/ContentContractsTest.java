package io.bindery.identity;

import io.bindery.contracts.content.PermissionChanged;
import io.bindery.contracts.content.SpaceChanged;
import io.bindery.contracts.content.SpacePurged;
import io.bindery.contracts.testing.ContractFixtures;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The consumer's side of the content events identity counts spaces from (SpaceGrants): the fields it reads are
 * in the shared fixtures, which content's EventContractsTest checks what content really publishes against.
 */
class ContentContractsTest {

    @Test
    void spaceGrantsReadSpaceOrganizationPrincipalAndRole() {
        PermissionChanged granted = ContractFixtures.read("content/space-permission-updated", PermissionChanged.class);
        assertEquals("spc_contract", granted.space());
        assertEquals("org_contract", granted.organization());
        assertEquals("usr_contract", granted.user());
        assertEquals("edit", granted.role());

        PermissionChanged removed = ContractFixtures.read("content/space-permission-removed", PermissionChanged.class);
        assertEquals("team_contract", removed.team());
        assertNull(removed.role());
    }

    @Test
    void spaceEventsGiveTheSpaceAndItsOrganization() {
        SpaceChanged space = ContractFixtures.read("content/space", SpaceChanged.class);
        assertEquals("spc_contract", space.id());
        assertEquals("org_contract", space.organization());
        assertEquals("spc_contract", ContractFixtures.read("content/space-purged", SpacePurged.class).id());
    }
}
