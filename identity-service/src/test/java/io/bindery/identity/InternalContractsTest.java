package io.bindery.identity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.contracts.testing.ContractFixtures;
import io.bindery.identity.members.InternalMemberViewsResource;
import io.bindery.identity.members.Members;
import io.bindery.identity.teams.InternalTeamViewsResource;
import io.bindery.identity.teams.Teams;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
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
    @Inject
    ObjectMapper json;
    @Inject
    Teams teams;
    @Inject
    Members members;

    /** An organization of {@code admin} with {@code member} in it (role read), its default role read. */
    private record Org(TestApi.User admin, TestApi.User member, String id) {
        static Org withMember() {
            TestApi.User admin = user();
            TestApi.User member = user();
            String org = org(admin);
            assertEquals(200, call("PATCH", "/v1/orgs/" + org, admin.token(), Map.of("defaultRole", "read")).status());
            invite(admin, org, "edit", member);
            return new Org(admin, member, org);
        }

        /** The answer of a GET of identity's internal API, which must be 200. */
        JsonNode internal(String path) {
            TestApi.Reply reply = call("GET", path, null, null);
            assertEquals(200, reply.status(), path);
            return reply.json();
        }
    }

    @Test
    void tokenRevocationsServeTheFixture() {
        TestApi.User owner = user();
        String token = call("POST", "/v1/user/tokens", owner.token(), "{}").json().path("id").asText();
        assertEquals(204, call("DELETE", "/v1/user/tokens/" + token, owner.token(), null).status());

        JsonNode answer = call("GET", "/internal/token-revocations?after=0", null, null).json();
        ContractFixtures.assertServes("identity/token-revocations", answer);
    }

    @Test
    void membershipTeamAndUserServeTheFixtures() {
        Org org = Org.withMember();
        ContractFixtures.assertServes("identity/membership", org.internal("/internal/orgs/" + org.id() + "/members/" + org.member().id()));

        String team = team(org.admin(), org.id(), "Contract", List.of(org.member().id()));
        ContractFixtures.assertServes("identity/team", org.internal("/internal/orgs/" + org.id() + "/teams/" + team));

        ContractFixtures.assertServes("identity/user-response", org.internal("/internal/users/" + org.member().id()));
    }

    @Test
    void memberAndTeamViewsAcceptTheRequestFixtures() {
        TestApi.User admin = user();
        String org = org(admin);
        // the fixtures' ids are nobody here: the point is that identity reads the bodies review and content send
        assertEquals(200, call("POST", "/internal/orgs/" + org + "/member-views", null,
                ContractFixtures.tree("identity/member-views-request").toString()).status());
        ObjectNode teamViews = ContractFixtures.tree("identity/team-views-request").deepCopy();
        teamViews.put("viewer", admin.id());
        assertEquals(200, call("POST", "/internal/orgs/" + org + "/team-views", null, teamViews.toString()).status());
    }

    /**
     * The member and team views are their contracts' {@code Response}s now: the bytes served are still exactly the
     * JSON of identity's own records, as they were when the resources returned the records themselves.
     */
    @Test
    void memberAndTeamViewsServeTheRecordsJsonByteForByte() throws Exception {
        Org org = Org.withMember();
        String team = team(org.admin(), org.id(), "Pinned", List.of(org.member().id()));
        List<String> users = List.of(org.member().id(), org.admin().id(), "usr_nobody");

        TestApi.Reply memberViews = call("POST", "/internal/orgs/" + org.id() + "/member-views", null, Map.of("users", users));
        assertEquals(200, memberViews.status());
        String memberRecord = json.writeValueAsString(new InternalMemberViewsResource.MemberViews(
                QuarkusTransaction.requiringNew().call(() -> members.views(org.id(), users))));
        assertEquals(memberRecord, memberViews.body());

        TestApi.Reply teamViews = call("POST", "/internal/orgs/" + org.id() + "/team-views", null,
                Map.of("viewer", org.admin().id(), "teams", List.of(team, "tem_nobody")));
        assertEquals(200, teamViews.status());
        String teamRecord = json.writeValueAsString(new InternalTeamViewsResource.TeamViews(
                QuarkusTransaction.requiringNew().call(() -> teams.viewsFor(org.id(), org.admin().id(), List.of(team, "tem_nobody")))));
        assertEquals(teamRecord, teamViews.body());
    }
}
