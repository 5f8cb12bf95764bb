package io.bindery.contracts.identity;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.contracts.testing.ContractFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each fixture of an identity event payload (and of the user read-through answer) read into its record and written again is the same JSON: the record
 * has exactly the fixture's field names, and its null handling is the wire's. Identity's EventContractsTest
 * checks that what identity publishes has every field of these fixtures.
 */
class IdentityEventFixturesTest {

    @ParameterizedTest
    @CsvSource({
            "identity/user, io.bindery.contracts.identity.UserChanged",
            "identity/token, io.bindery.contracts.identity.TokenChanged",
            "identity/organization, io.bindery.contracts.identity.OrganizationChanged",
            "identity/member-added, io.bindery.contracts.identity.MemberAdded",
            "identity/member-updated, io.bindery.contracts.identity.MemberUpdated",
            "identity/member-removed, io.bindery.contracts.identity.MemberRemoved",
            "identity/invite, io.bindery.contracts.identity.InviteChanged",
            "identity/invite-deleted, io.bindery.contracts.identity.InviteDeleted",
            "identity/team-changed, io.bindery.contracts.identity.TeamChanged",
            "identity/team-members-changed, io.bindery.contracts.identity.TeamMembersChanged",
            "identity/saml-provider, io.bindery.contracts.identity.SamlProviderChanged",
            "identity/user-response, io.bindery.contracts.identity.UserResponse",
    })
    void recordAndFixtureAgree(String fixture, Class<?> record) throws Exception {
        ContractFixtures.assertRoundTrips(fixture, record);
    }

    /** A guest's role is left out (the producers once sent maps, whose null values the services' mapper drops). */
    @Test
    void aGuestsRoleIsLeftOutButAnOrganizationsNullDefaultRoleIsSent() {
        JsonNode member = ContractFixtures.JSON.valueToTree(new MemberAdded("org_a", "usr_a", null, Instant.parse("2026-01-01T00:00:00.123Z")));
        assertFalse(member.has("role"));
        JsonNode invite = ContractFixtures.JSON.valueToTree(new InviteChanged("inv_a", "org_a", null, false));
        assertFalse(invite.has("role"));
        JsonNode org = ContractFixtures.tree("identity/organization");
        assertTrue(org.has("defaultRole") && org.get("defaultRole").isNull());
    }

    @SuppressWarnings("unused")
    private static final Class<?>[] RECORDS = {UserChanged.class, TokenChanged.class, OrganizationChanged.class,
            MemberAdded.class, MemberUpdated.class, MemberRemoved.class, InviteChanged.class, InviteDeleted.class,
            TeamChanged.class, TeamMembersChanged.class, SamlProviderChanged.class, UserResponse.class};
}
