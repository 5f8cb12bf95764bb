package io.bindery.identity;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.contracts.testing.ContractFixtures;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.bindery.identity.TestApi.call;
import static io.bindery.identity.TestApi.invite;
import static io.bindery.identity.TestApi.org;
import static io.bindery.identity.TestApi.team;
import static io.bindery.identity.TestApi.user;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The provider's side of identity's internal contracts: what identity really serves has every field of the
 * shared fixtures (platform-contracts' test-jar) that the other services' tests parse (see ContractFixtures).
 */
@QuarkusTest
class InternalContractsTest {

    @Test
    void tokenRevocationsServeTheFixture() {
        TestApi.User owner = user();
        String token = call("POST", "/v1/user/tokens", owner.token(), "{}").json().path("id").asText();
        assertEquals(204, call("DELETE", "/v1/user/tokens/" + token, owner.token(), null).status());

        JsonNode answer = call("GET", "/internal/token-revocations?after=0", null, null).json();
        ContractFixtures.assertServes("identity/token-revocations", answer);
    }

    @Test
    void membershipServesTheFixture() {
        TestApi.User admin = user();
        TestApi.User member = user();
        String org = org(admin);
        assertEquals(200, call("PATCH", "/v1/orgs/" + org, admin.token(), Map.of("defaultRole", "read")).status());
        invite(admin, org, "edit", member);

        JsonNode answer = call("GET", "/internal/orgs/" + org + "/members/" + member.id(), null, null).json();
        ContractFixtures.assertServes("identity/membership", answer);
    }

    @Test
    void teamServesTheFixture() {
        TestApi.User admin = user();
        TestApi.User member = user();
        String org = org(admin);
        invite(admin, org, "read", member);
        String team = team(admin, org, "Contract", List.of(member.id()));

        JsonNode answer = call("GET", "/internal/orgs/" + org + "/teams/" + team, null, null).json();
        ContractFixtures.assertServes("identity/team", answer);
    }

    @Test
    void memberAndTeamViewsAcceptTheRequestFixtures() {
        TestApi.User admin = user();
        String org = org(admin);
        // the fixtures' ids are nobody here: the point is that identity reads the bodies review and content send
        assertEquals(200, call("POST", "/internal/orgs/" + org + "/member-views", null,
                ContractFixtures.tree("identity/member-views-request").toString()).status());
        JsonNode teamViews = ContractFixtures.tree("identity/team-views-request").deepCopy();
        ((com.fasterxml.jackson.databind.node.ObjectNode) teamViews).put("viewer", admin.id());
        assertEquals(200, call("POST", "/internal/orgs/" + org + "/team-views", null, teamViews.toString()).status());
    }
}
