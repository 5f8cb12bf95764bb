package io.bindery.commons.projection;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bindery.contracts.identity.IdentityEventTypes;
import io.bindery.contracts.identity.MemberAdded;
import io.bindery.contracts.identity.MemberRemoved;
import io.bindery.contracts.identity.MemberUpdated;
import io.bindery.contracts.identity.MembershipResponse;
import io.bindery.contracts.identity.OrganizationChanged;
import io.bindery.contracts.identity.TeamChanged;
import io.bindery.contracts.identity.TeamMembersChanged;
import io.bindery.contracts.identity.TeamResponse;
import io.bindery.contracts.identity.UserChanged;
import io.bindery.contracts.identity.UserResponse;
import io.bindery.contracts.testing.ContractFixtures;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The consumer's side of identity's read-through answers and events: the fields the projections read
 * (IdentityClient parses the answers, IdentityEvent the events' data into these records) are there in the shared
 * fixtures, which identity's InternalContractsTest and EventContractsTest check what it really serves against.
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

    @Test
    void theUserDirectoryReadsTheUserAndAsOf() {
        UserResponse u = ContractFixtures.read("identity/user-response", UserResponse.class);
        assertEquals("usr_a", u.id());
        assertEquals("Ada Lovelace", u.displayName());
        assertEquals("ada@example.com", u.email());
        assertEquals(Instant.parse("2026-01-01T00:00:00.123Z"), u.asOf());
    }

    /** The fixture as the data of a CloudEvent of the type, read as IdentityEventsConsumer reads it. */
    private static IdentityEvent event(String type, String fixture) {
        ObjectNode envelope = ContractFixtures.JSON.createObjectNode().put("id", "evt_1").put("type", type)
                .put("time", "2026-01-01T00:00:01.000Z");
        envelope.set("data", ContractFixtures.tree(fixture));
        return IdentityEvent.read(ContractFixtures.JSON, envelope);
    }

    @Test
    void theProjectionsReadTheEventFixtures() {
        UserChanged user = event(IdentityEventTypes.USER_CREATED, "identity/user").data(UserChanged.class);
        assertEquals(List.of("usr_a", "Ada Lovelace", "ada@example.com"), List.of(user.id(), user.displayName(), user.email()));

        OrganizationChanged org = event(IdentityEventTypes.ORGANIZATION_UPDATED, "identity/organization").data(OrganizationChanged.class);
        assertEquals("org_a", org.id());
        assertEquals(null, org.defaultRole());

        MemberAdded added = event(IdentityEventTypes.MEMBER_ADDED, "identity/member-added").data(MemberAdded.class);
        assertEquals(List.of("org_a", "usr_a", "edit"), List.of(added.organization(), added.user(), added.role()));
        MemberUpdated updated = event(IdentityEventTypes.MEMBER_UPDATED, "identity/member-updated").data(MemberUpdated.class);
        assertEquals(List.of("org_a", "usr_a", "review"), List.of(updated.organization(), updated.user(), updated.role()));
        MemberRemoved removed = event(IdentityEventTypes.MEMBER_REMOVED, "identity/member-removed").data(MemberRemoved.class);
        assertEquals(List.of("org_a", "usr_a"), List.of(removed.organization(), removed.user()));

        TeamChanged team = event(IdentityEventTypes.TEAM_DELETED, "identity/team-changed").data(TeamChanged.class);
        assertEquals(List.of("team_a", "org_a"), List.of(team.id(), team.organization()));
        TeamMembersChanged change = event(IdentityEventTypes.TEAM_MEMBERS_UPDATED, "identity/team-members-changed")
                .data(TeamMembersChanged.class);
        assertEquals(List.of("team_a", "org_a"), List.of(change.id(), change.organization()));
        assertEquals(List.of("usr_a"), change.added());
        assertEquals(List.of(), change.removed());
        assertEquals(List.of(), change.changed());
    }

    @Test
    void anEventOfATypeWithoutPayloadHasNoData() {
        JsonNode envelope = ContractFixtures.JSON.createObjectNode().put("id", "evt_2").put("type", "bindery.other.v1");
        IdentityEvent e = IdentityEvent.read(ContractFixtures.JSON, envelope);
        assertEquals(null, e.data());
        assertEquals(null, e.time());
    }
}
