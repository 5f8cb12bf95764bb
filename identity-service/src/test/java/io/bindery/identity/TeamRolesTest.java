package io.bindery.identity;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.bindery.identity.TestApi.call;
import static io.bindery.identity.TestApi.invite;
import static io.bindery.identity.TestApi.org;
import static io.bindery.identity.TestApi.team;
import static io.bindery.identity.TestApi.user;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Team roles over HTTP: a team's owners manage its members (TeamPolicy), plain members do not; a wrong role is a
 * 400 naming the field; {@code ?owner=} lists the teams a member created or owns.
 */
@QuarkusTest
class TeamRolesTest {

    @Test
    void ownersManageMembersAndTheOwnerFilterFindsTheirTeams() {
        TestApi.User admin = user();
        TestApi.User owner = user();
        TestApi.User plain = user();
        String org = org(admin);
        invite(admin, org, "edit", owner, plain);
        String team = team(admin, org, "Roles", List.of(owner.id(), plain.id()));
        String other = team(admin, org, "Other", List.of(plain.id()));
        String members = "/v1/orgs/" + org + "/teams/" + team + "/members/";

        TestApi.Reply refused = call("PUT", members + admin.id(), plain.token(), Map.of("role", "member"));
        assertEquals(403, refused.status());
        assertEquals("only admins of the organization, the team's creator and its owners may change its members",
                refused.json().path("error").path("message").asText());

        TestApi.Reply badRole = call("PUT", members + owner.id(), admin.token(), Map.of("role", "boss"));
        assertEquals(400, badRole.status());
        assertEquals("role must be one of owner, member", badRole.json().path("error").path("message").asText());
        TestApi.Reply badMembership = call("PUT", "/v1/orgs/" + org + "/teams/" + team + "/members", admin.token(),
                Map.of("memberships", Map.of(owner.id(), Map.of("role", "boss"))));
        assertEquals(400, badMembership.status());
        assertEquals("memberships['" + owner.id() + "'].role must be one of owner, member",
                badMembership.json().path("error").path("message").asText());

        assertEquals(204, call("PUT", members + owner.id(), admin.token(), Map.of("role", "owner")).status());
        assertEquals(204, call("PUT", members + plain.id(), owner.token(), Map.of("role", "owner")).status());
        JsonNode list = call("GET", "/v1/orgs/" + org + "/teams/" + team + "/members", admin.token(), null).json();
        List<String> owners = new ArrayList<>();
        list.path("items").forEach(m -> {
            if (m.path("team").path("role").asText().equals("owner")) {
                owners.add(m.path("organization").path("user").path("id").asText());
            }
        });
        // the first members joined in one instant, so in id order
        assertEquals(java.util.Set.of(admin.id(), owner.id(), plain.id()), java.util.Set.copyOf(owners));
        assertEquals(3, owners.size());

        assertEquals(List.of(team), ids(call("GET", "/v1/orgs/" + org + "/teams?owner=" + owner.id(), admin.token(), null).json()));
        assertEquals(List.of(team, other), ids(call("GET", "/v1/orgs/" + org + "/teams?owner=" + admin.id(), admin.token(), null).json()));
    }

    private static List<String> ids(JsonNode page) {
        List<String> ids = new ArrayList<>();
        page.path("items").forEach(t -> ids.add(t.path("id").asText()));
        return ids;
    }
}
