package io.bindery.identity;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.identity.TestApi.Reply;
import io.bindery.identity.TestApi.User;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

import static io.bindery.identity.TestApi.call;
import static io.bindery.identity.TestApi.concurrently;
import static io.bindery.identity.TestApi.invite;
import static io.bindery.identity.TestApi.org;
import static io.bindery.identity.TestApi.outbox;
import static io.bindery.identity.TestApi.run;
import static io.bindery.identity.TestApi.team;
import static io.bindery.identity.TestApi.user;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * No lost updates: writers of one organization, member or team run at the same time (each owning some fields, or
 * racing over one decision), and afterwards every field holds the last value its writer wrote, the last event of
 * each aggregate shows that same state, decisions that depend on a read (the last admin, "already a member",
 * "still a member") hold, and nothing answers 500.
 */
@QuarkusTest
class NoLostUpdatesTest {
    static final int ROUNDS = 12;
    static final List<String> ROLES = List.of("read", "comment", "edit", "review", "create");

    @Inject
    EntityManager em;

    @Test
    void organizationPatchesOfDifferentFieldsJoinsAndInvitesLoseNothing() throws Exception {
        String run = run();
        String domain = "nolost-" + run + ".example.com";
        User admin = user("admin-" + run + "@" + domain);
        String org = org(admin);
        String path = "/v1/orgs/" + org;
        ok(call("PATCH", path, admin.token(), Map.of("emailDomains", List.of(domain))));
        List<User> joiners = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            joiners.add(user("joiner-" + i + "-" + run + "@" + domain));
        }
        List<String> invitees = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            invitees.add("invitee-" + i + "-" + run + "@example.com");
        }

        List<Callable<Void>> writers = new ArrayList<>();
        // five writers of one field each, every PATCH carrying only its own field
        writers.add(() -> rounds(i -> ok(call("PATCH", path, admin.token(), Map.of("title", "Title " + i)))));
        writers.add(() -> rounds(i -> ok(call("PATCH", path, admin.token(),
                Map.of("emailDomains", List.of(domain, "d" + i + "-" + run + ".example.org"))))));
        writers.add(() -> rounds(i -> ok(call("PATCH", path, admin.token(), Map.of("defaultRole", ROLES.get(i % ROLES.size()))))));
        writers.add(() -> rounds(i -> ok(call("PATCH", path, admin.token(), Map.of("logo", "https://logo.example.com/" + i + ".png")))));
        writers.add(() -> rounds(i -> ok(call("PATCH", path, admin.token(), Map.of("ai", i % 2 == 0)))));
        // and whatever reads the organization to add members, or touches the caller's membership
        writers.add(() -> {
            for (User u : joiners) {
                assertEquals(204, call("POST", path + "/join", u.token(), null).status(), "join");
            }
            return null;
        });
        writers.add(() -> {
            for (String email : invitees) {
                ok(call("POST", path + "/invites", admin.token(), Map.of("emails", List.of(email), "role", "edit")));
            }
            return null;
        });
        writers.add(() -> rounds(i -> {
            ok(call("POST", path + "/ping", admin.token(), "{}"));
            ok(call("GET", path, admin.token(), null));
        }));
        concurrently(writers);

        int last = ROUNDS - 1;
        JsonNode now = call("GET", path, admin.token(), null).json();
        assertEquals("Title " + last, now.path("title").asText());
        assertEquals(List.of(domain, "d" + last + "-" + run + ".example.org"), strings(now.path("emailDomains")));
        assertEquals(ROLES.get(last % ROLES.size()), now.path("defaultRole").asText());
        assertEquals("https://logo.example.com/" + last + ".png", now.path("urls").path("logo").asText());
        assertEquals(last % 2 == 0, now.path("ai").asBoolean());
        assertEquals(1 + joiners.size() + invitees.size(),
                call("GET", path + "/members", admin.token(), null).json().path("count").asInt());

        // the last event shows the organization as it is: no PATCH published a state built from a stale read
        List<JsonNode> updates = outbox(em, "bindery.organization.updated.v1", org);
        JsonNode lastEvent = updates.get(updates.size() - 1);
        for (String field : List.of("title", "emailDomains", "defaultRole", "ai")) {
            assertEquals(now.path(field), lastEvent.path(field), "organization.updated " + field);
        }
        assertEquals(now.path("urls").path("logo"), lastEvent.path("urls").path("logo"));
    }

    @Test
    void roleChangesPingsAndSsoMarksOfOneMemberLoseNothing() throws Exception {
        User admin = user();
        User second = user();
        User member = user();
        String org = org(admin);
        invite(admin, org, "admin", second);
        invite(admin, org, "read", member);
        String memberPath = "/v1/orgs/" + org + "/members/" + member.id();

        concurrently(List.<Callable<Void>>of(
                () -> rounds(i -> ok(call("PATCH", memberPath, admin.token(), Map.of("role", ROLES.get(i % ROLES.size()))))),
                () -> rounds(i -> ok(call("POST", "/v1/orgs/" + org + "/ping", member.token(), "{}"))),
                () -> rounds(i -> ok(call("POST", memberPath + "/sso", second.token(), null))),
                () -> rounds(i -> ok(call("GET", memberPath, member.token(), null)))));

        JsonNode now = call("GET", memberPath, admin.token(), null).json();
        assertEquals(ROLES.get((ROUNDS - 1) % ROLES.size()), now.path("role").asText(), "the last role written");
        assertTrue(now.path("sso").asBoolean(), "the SSO mark");
        assertTrue(now.hasNonNull("lastSeenAt"), "the pings");
        List<JsonNode> updates = outbox(em, "bindery.member.updated.v1", org).stream()
                .filter(d -> d.path("user").asText().equals(member.id())).toList();
        JsonNode lastEvent = updates.get(updates.size() - 1);
        assertEquals(now.path("role"), lastEvent.path("role"));
        assertTrue(lastEvent.path("sso").asBoolean(), "the last member.updated shows the SSO mark: " + lastEvent);
    }

    @Test
    void twoAdminsLeavingTheirRoleAtOnceKeepOneAdmin() throws Exception {
        for (int round = 0; round < 6; round++) {
            User a = user();
            User b = user();
            String org = org(a);
            invite(a, org, "admin", b);
            String members = "/v1/orgs/" + org + "/members/";
            // each demotes itself (or leaves): both read "two admins", only one may go
            List<Reply> replies = concurrently(List.of(
                    () -> call("PATCH", members + a.id(), a.token(), Map.of("role", "edit")),
                    round % 2 == 0 ? () -> call("PATCH", members + b.id(), b.token(), Map.of("role", "read"))
                            : () -> call("DELETE", members + b.id(), b.token(), null)));
            Set<Integer> statuses = new HashSet<>();
            replies.forEach(r -> statuses.add(r.status()));
            assertTrue(statuses.contains(409), "one of them is refused: " + replies);
            assertTrue(statuses.contains(200) || statuses.contains(204), "one of them goes: " + replies);
            User stillAdmin = replies.get(0).status() == 200 ? b : a;
            assertEquals(1, call("GET", "/v1/orgs/" + org + "/members?role=admin", stillAdmin.token(), null)
                    .json().path("count").asInt(), "one admin left");
        }
    }

    @Test
    void teamRenamesAndMemberChangesLoseNothingAndNoPlaceOutlivesItsMembership() throws Exception {
        User admin = user();
        String org = org(admin);
        List<User> people = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            people.add(user());
        }
        invite(admin, org, "read", people.toArray(User[]::new));
        String team = team(admin, org, "Team " + run(), List.of());
        String teamPath = "/v1/orgs/" + org + "/teams/" + team;

        List<User> leavers = new ArrayList<>();
        for (int i = 0; i < ROUNDS; i++) {
            leavers.add(user());
        }
        invite(admin, org, "read", leavers.toArray(User[]::new));

        concurrently(List.<Callable<Void>>of(
                () -> rounds(i -> ok(call("PATCH", teamPath, admin.token(), Map.of("title", "Renamed " + i)))),
                () -> rounds(i -> ok(call("PUT", teamPath + "/members", admin.token(), Map.of(
                        "add", List.of(people.get(i % 3).id()), "remove", List.of(people.get((i + 1) % 3).id()))))),
                () -> rounds(i -> ok(call("PUT", teamPath + "/members/" + people.get(3 + i % 3).id(), admin.token(),
                        Map.of("role", i % 2 == 0 ? "owner" : "member")))),
                // each leaver is given a place while it leaves the organization: either order is fine, an orphan is not
                () -> rounds(i -> {
                    int status = call("PUT", teamPath + "/members/" + leavers.get(i).id(), admin.token(), Map.of()).status();
                    assertTrue(status == 204 || status == 404, "place for a leaver: " + status);
                }),
                () -> rounds(i -> assertEquals(204,
                        call("DELETE", "/v1/orgs/" + org + "/members/" + leavers.get(i).id(), admin.token(), null).status()))));

        int last = ROUNDS - 1;
        JsonNode now = call("GET", teamPath, admin.token(), null).json();
        assertEquals("Renamed " + last, now.path("title").asText());
        JsonNode listed = call("GET", teamPath + "/members", admin.token(), null).json();
        Map<String, String> roles = new java.util.HashMap<>();
        listed.path("items").forEach(e -> roles.put(e.path("organization").path("id").asText(), e.path("team").path("role").asText()));
        Set<String> expected = new HashSet<>();
        for (int i = 0; i < ROUNDS; i++) { // the batches, in the order one writer sent them
            expected.add(people.get(i % 3).id());
            expected.remove(people.get((i + 1) % 3).id());
        }
        expected.addAll(List.of(people.get(3).id(), people.get(4).id(), people.get(5).id()));
        assertEquals(expected, roles.keySet().stream().filter(id -> !id.equals(admin.id()))
                .collect(java.util.stream.Collectors.toSet()));
        assertEquals(last % 2 == 0 ? "owner" : "member", roles.get(people.get(3 + last % 3).id()));

        long orphans = QuarkusTransaction.requiringNew().call(() -> ((Number) em.createNativeQuery(
                        "SELECT count(*) FROM team_member tm WHERE tm.team_id = :team AND NOT EXISTS"
                                + " (SELECT 1 FROM member m WHERE m.organization_id = :org AND m.user_id = tm.user_id)")
                .setParameter("team", team).setParameter("org", org).getSingleResult()).longValue());
        assertEquals(0, orphans, "team places of users who left the organization");
        List<JsonNode> updates = outbox(em, "bindery.team.updated.v1", team);
        assertEquals("Renamed " + last, updates.get(updates.size() - 1).path("title").asText());
    }

    @Test
    void racingTheSameCreationJoinOrDeletionNeverFails() throws Exception {
        String email = "same-" + run() + "@example.com";
        List<Callable<Reply>> creations = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            creations.add(() -> call("POST", "/v1/admin/users", TestApi.admin(), Map.of("email", email, "displayName", "Same")));
        }
        List<Integer> statuses = concurrently(creations).stream().map(Reply::status).sorted().toList();
        assertEquals(List.of(201, 409, 409, 409, 409, 409), statuses, "one user per e-mail address");

        User admin = user();
        User joiner = user();
        String org = org(admin);
        String invite = call("POST", "/v1/orgs/" + org + "/link-invites", admin.token(), Map.of("role", "read")).json().path("id").asText();
        List<Callable<Reply>> joins = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            joins.add(() -> call("POST", "/v1/orgs/" + org + "/invites/" + invite, joiner.token(), null));
        }
        concurrently(joins).forEach(r -> assertEquals(200, r.status(), r.body()));
        assertEquals(2, call("GET", "/v1/orgs/" + org + "/members", admin.token(), null).json().path("count").asInt());

        List<Callable<Reply>> deletions = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            deletions.add(() -> call("DELETE", "/v1/orgs/" + org + "/link-invites/" + invite, admin.token(), null));
        }
        concurrently(deletions).forEach(r -> assertEquals(204, r.status(), r.body()));

        String provider = call("POST", "/v1/orgs/" + org + "/saml", admin.token(), Map.of("label", "IdP")).json().path("id").asText();
        List<Callable<Reply>> providerDeletions = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            providerDeletions.add(() -> call("DELETE", "/v1/orgs/" + org + "/saml/" + provider, admin.token(), null));
        }
        concurrently(providerDeletions).forEach(r -> assertEquals(204, r.status(), r.body()));
        assertEquals(1, outbox(em, "bindery.saml-provider.deleted.v1", provider).size());

        String token = call("POST", "/v1/user/tokens", joiner.token(), "{}").json().path("id").asText();
        List<Callable<Reply>> revocations = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            revocations.add(() -> call("DELETE", "/v1/user/tokens/" + token, joiner.token(), null));
        }
        concurrently(revocations).forEach(r -> assertEquals(204, r.status(), r.body()));
        assertEquals(1, outbox(em, "bindery.token.revoked.v1", token).size(), "one revocation");

        String team = team(admin, org, "Once", List.of(joiner.id()));
        List<Callable<Reply>> removals = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            removals.add(() -> call("DELETE", "/v1/orgs/" + org + "/teams/" + team + "/members/" + joiner.id(), admin.token(), null));
        }
        concurrently(removals).forEach(r -> assertEquals(204, r.status(), r.body()));
        assertEquals(1, outbox(em, "bindery.team.members.updated.v1", team).stream()
                .filter(d -> d.path("removed").size() > 0).count(), "one removal");
    }

    interface Round {
        void run(int i) throws Exception;
    }

    private static Void rounds(Round round) throws Exception {
        for (int i = 0; i < ROUNDS; i++) {
            round.run(i);
        }
        return null;
    }

    private static Reply ok(Reply r) {
        assertTrue(r.status() >= 200 && r.status() < 300, r.status() + " " + r.body());
        return r;
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
