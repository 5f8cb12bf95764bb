package io.bindery.identity;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.contracts.identity.IdentityEventTypes;
import io.bindery.contracts.testing.ContractFixtures;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.bindery.identity.TestApi.call;
import static io.bindery.identity.TestApi.invite;
import static io.bindery.identity.TestApi.org;
import static io.bindery.identity.TestApi.team;
import static io.bindery.identity.TestApi.user;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The producer's side of identity's events: the data of each event identity really records in its outbox, after
 * real requests, has every field of the shared fixture (platform-contracts' test-jar, contracts/identity/) that
 * the payload records are checked against and the consumers' tests read.
 */
@QuarkusTest
class EventContractsTest {

    @Inject
    EntityManager em;

    @Test
    void everyIdentityEventServesItsFixture() {
        TestApi.User admin = user();
        assertPublishes("identity/user", IdentityEventTypes.USER_CREATED, admin.id());

        String token = call("POST", "/v1/user/tokens", admin.token(), "{}").json().path("id").asText();
        assertPublishes("identity/token", IdentityEventTypes.TOKEN_CREATED, token);
        assertEquals(204, call("DELETE", "/v1/user/tokens/" + token, admin.token(), null).status());
        assertPublishes("identity/token", IdentityEventTypes.TOKEN_REVOKED, token);

        String org = org(admin);
        assertPublishes("identity/organization", IdentityEventTypes.ORGANIZATION_CREATED, org);
        assertEquals(200, call("PATCH", "/v1/orgs/" + org, admin.token(), Map.of("defaultRole", "read")).status());
        assertPublishes("identity/organization", IdentityEventTypes.ORGANIZATION_UPDATED, org);

        TestApi.User member = user();
        invite(admin, org, "edit", member);
        assertPublishes("identity/member-added", IdentityEventTypes.MEMBER_ADDED, org);
        assertEquals(200, call("PATCH", "/v1/orgs/" + org + "/members/" + member.id(), admin.token(), Map.of("role", "review")).status());
        assertPublishes("identity/member-updated", IdentityEventTypes.MEMBER_UPDATED, org);

        String link = call("POST", "/v1/orgs/" + org + "/link-invites", admin.token(), Map.of("role", "read")).json().path("id").asText();
        assertPublishes("identity/invite", IdentityEventTypes.INVITE_CREATED, link);
        assertEquals(200, call("PATCH", "/v1/orgs/" + org + "/link-invites/" + link, admin.token(), Map.of("role", "edit")).status());
        assertPublishes("identity/invite", IdentityEventTypes.INVITE_UPDATED, link);
        assertEquals(204, call("DELETE", "/v1/orgs/" + org + "/link-invites/" + link, admin.token(), null).status());
        assertPublishes("identity/invite-deleted", IdentityEventTypes.INVITE_DELETED, link);

        String team = team(admin, org, "Contract", List.of(member.id()));
        assertPublishes("identity/team-changed", IdentityEventTypes.TEAM_CREATED, team);
        assertPublishes("identity/team-members-changed", IdentityEventTypes.TEAM_MEMBERS_UPDATED, team);
        // roles is keyed by user id, which no fixture can name: its values are checked here
        JsonNode roles = TestApi.outbox(em, IdentityEventTypes.TEAM_MEMBERS_UPDATED, team).get(0).path("roles");
        assertEquals("owner", roles.path(admin.id()).asText());
        assertEquals("member", roles.path(member.id()).asText());
        assertEquals(200, call("PATCH", "/v1/orgs/" + org + "/teams/" + team, admin.token(), Map.of("title", "Renamed")).status());
        assertPublishes("identity/team-changed", IdentityEventTypes.TEAM_UPDATED, team);

        String provider = call("POST", "/v1/orgs/" + org + "/saml", admin.token(),
                Map.of("label", "Okta", "defaultTeam", team, "defaultRole", "read")).json().path("id").asText();
        assertPublishes("identity/saml-provider", IdentityEventTypes.SAML_PROVIDER_CREATED, provider);
        assertEquals(200, call("PATCH", "/v1/orgs/" + org + "/saml/" + provider, admin.token(), Map.of("label", "Okta 2")).status());
        assertPublishes("identity/saml-provider", IdentityEventTypes.SAML_PROVIDER_UPDATED, provider);
        assertEquals(204, call("DELETE", "/v1/orgs/" + org + "/saml/" + provider, admin.token(), null).status());
        assertPublishes("identity/saml-provider", IdentityEventTypes.SAML_PROVIDER_DELETED, provider);

        assertEquals(204, call("DELETE", "/v1/orgs/" + org + "/teams/" + team, admin.token(), null).status());
        assertPublishes("identity/team-changed", IdentityEventTypes.TEAM_DELETED, team);

        assertEquals(204, call("DELETE", "/v1/orgs/" + org + "/members/" + member.id(), admin.token(), null).status());
        assertPublishes("identity/member-removed", IdentityEventTypes.MEMBER_REMOVED, org);
    }

    /** Every event of the type about the subject so far has every field of the fixture. */
    private void assertPublishes(String fixture, String type, String subject) {
        List<JsonNode> published = TestApi.outbox(em, type, subject);
        assertFalse(published.isEmpty(), "no " + type + " about " + subject);
        for (JsonNode data : published) {
            ContractFixtures.assertServes(fixture, data);
        }
    }
}
