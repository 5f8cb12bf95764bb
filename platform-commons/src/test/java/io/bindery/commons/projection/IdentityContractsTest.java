package io.bindery.commons.projection;

import io.bindery.contracts.identity.MembershipResponse;
import io.bindery.contracts.identity.TeamResponse;
import io.bindery.contracts.testing.ContractFixtures;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The consumer's side of identity's read-through answers: the fields the membership and team projections read
 * (IdentityClient parses the answers into these records) are there in the shared fixtures, which identity's
 * InternalContractsTest checks its real answers against.
 */
class IdentityContractsTest {

    @Test
    void theMembershipProjectionReadsRoleDefaultRoleAndAsOf() {
        MembershipResponse m = ContractFixtures.read("identity/membership", MembershipResponse.class);
        assertEquals("edit", m.role());
        assertEquals("read", m.orgDefaultRole());
        assertEquals(Instant.parse("2026-01-01T00:00:00.123Z"), m.asOf());
    }

    @Test
    void theTeamProjectionReadsMembersAndAsOf() {
        TeamResponse t = ContractFixtures.read("identity/team", TeamResponse.class);
        assertEquals(List.of("usr_a", "usr_b"), t.members());
        assertEquals(Instant.parse("2026-01-01T00:00:00.123Z"), t.asOf());
    }
}
