package io.bindery.identity;

import io.bindery.identity.invites.EmailInviteRequest;
import io.bindery.identity.invites.LinkInviteRequest;
import io.bindery.identity.members.MemberRoleRequest;
import io.bindery.identity.teams.TeamCreateRequest;
import io.bindery.identity.teams.TeamUpdateRequest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The rules of identity's request records, without Quarkus: what they accept and their 400 messages. */
class RequestRecordsTest {
    static final ObjectMapper JSON = new ObjectMapper();

    static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    static String badRequest(Runnable parse) {
        ApiException e = assertThrows(ApiException.class, parse::run);
        assertEquals(400, e.status());
        return e.getMessage();
    }

    @Test
    void memberRoleIsARoleOrNullForAGuest() {
        assertEquals(Role.EDIT, MemberRoleRequest.from(json("{\"role\": \"edit\"}")).role());
        assertNull(MemberRoleRequest.from(json("{\"role\": null}")).role());
        assertTrue(MemberRoleRequest.from(json("{\"role\": null}")).changes());
        // GitBook's document makes role optional: {} changes nothing (was a 400 refusing a valid GitBook request)
        assertFalse(MemberRoleRequest.from(json("{}")).changes());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "[]|request body must be a JSON object",
            "{\"role\": 5}|field 'role' has the wrong type: expected string",
    })
    void memberRoleRefusals(String body, String message) {
        assertEquals(message, badRequest(() -> MemberRoleRequest.from(json(body))));
    }

    @Test
    void aMemberRoleThatIsNoRoleIsA400() {
        badRequest(() -> MemberRoleRequest.from(json("{\"role\": \"owner\"}")));
    }

    @Test
    void aNewLinkNeedsARoleAndMayHaveSso() {
        LinkInviteRequest read = LinkInviteRequest.forCreate(JsonBody.of(json("{\"role\": \"read\", \"sso\": true}")));
        assertEquals(new LinkInviteRequest(true, Role.READ, true), read);
        assertEquals(new LinkInviteRequest(true, null, null), LinkInviteRequest.forCreate(JsonBody.of(json("{\"role\": null}"))));
        // the role is checked first, as the service always did
        assertEquals("role is required (a role, or null for guests)",
                badRequest(() -> LinkInviteRequest.forCreate(JsonBody.of(json("{\"sso\": \"yes\"}")))));
    }

    @Test
    void aLinkChangeChangesWhatIsGiven() {
        LinkInviteRequest nothing = LinkInviteRequest.forUpdate(JsonBody.of(json("{}")));
        assertFalse(nothing.setsRole());
        assertNull(nothing.sso());
        LinkInviteRequest guests = LinkInviteRequest.forUpdate(JsonBody.of(json("{\"role\": null, \"sso\": false}")));
        assertTrue(guests.setsRole());
        assertNull(guests.role());
        assertEquals(false, guests.sso());
        assertEquals("field 'sso' has the wrong type: expected boolean",
                badRequest(() -> LinkInviteRequest.forUpdate(JsonBody.of(json("{\"sso\": \"yes\"}")))));
    }

    @Test
    void emailInvitesGiveEachAddressItsRole() {
        EmailInviteRequest req = EmailInviteRequest.from(JsonBody.of(json(
                "{\"emails\": [\"A@Example.com\", {\"email\": \"b@example.com\", \"role\": \"edit\"}, \"a@example.com\"], \"sso\": true}")),
                "read");
        assertEquals(java.util.Map.of("a@example.com", "read", "b@example.com", "edit"), req.roleByEmail());
        assertEquals(java.util.List.of("a@example.com", "b@example.com"), java.util.List.copyOf(req.roleByEmail().keySet()));
        assertTrue(req.sso());
        EmailInviteRequest guests = EmailInviteRequest.from(JsonBody.of(json("{\"emails\": [\"c@example.com\"], \"role\": null}")), "read");
        assertTrue(guests.roleByEmail().containsKey("c@example.com"));
        assertNull(guests.roleByEmail().get("c@example.com"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{}|emails must be a non-empty array",
            "{\"emails\": []}|emails must be a non-empty array",
            "{\"emails\": \"a@example.com\"}|emails must be a non-empty array",
            "{\"emails\": [5]}|emails[] must be e-mail strings or {email, role} objects",
            "{\"emails\": [\"a@example.com\"], \"sso\": 1}|field 'sso' has the wrong type: expected boolean",
    })
    void emailInviteRefusals(String body, String message) {
        assertEquals(message, badRequest(() -> EmailInviteRequest.from(JsonBody.of(json(body)), null)));
    }

    @Test
    void atMostAHundredEmails() {
        StringBuilder emails = new StringBuilder();
        for (int i = 0; i <= EmailInviteRequest.MAX_EMAILS; i++) {
            emails.append(i == 0 ? "" : ",").append("\"u").append(i).append("@example.com\"");
        }
        assertEquals("emails: at most 100 per request",
                badRequest(() -> EmailInviteRequest.from(JsonBody.of(json("{\"emails\": [" + emails + "]}")), null)));
    }

    @Test
    void aTeamTitleIsTrimmedAndAMembersListDeduplicated() {
        TeamCreateRequest req = new TeamCreateRequest("  Docs  ", java.util.Arrays.asList("u1", " u2 ", "u1"));
        assertEquals("Docs", req.validTitle());
        assertEquals(java.util.List.of("u1", "u2"), java.util.List.copyOf(req.validMembers()));
        assertEquals(java.util.List.of(), java.util.List.copyOf(new TeamCreateRequest("T", null).validMembers()));
        assertEquals("Renamed", new TeamUpdateRequest(" Renamed").validTitle());
    }

    @Test
    void teamRequestRefusals() {
        assertEquals("title is required", badRequest(() -> new TeamUpdateRequest(null).validTitle()));
        assertEquals("title must be between 1 and 64 characters", badRequest(() -> new TeamCreateRequest("   ", null).validTitle()));
        assertEquals("title must be between 1 and 64 characters", badRequest(() -> new TeamCreateRequest("x".repeat(65), null).validTitle()));
        assertEquals("title must not contain control characters", badRequest(() -> new TeamCreateRequest("a\u0007b", null).validTitle()));
        assertEquals("members[1] must be a user id",
                badRequest(() -> new TeamCreateRequest("T", java.util.Arrays.asList("u1", " ")).validMembers()));
        assertEquals("members[0] must be a user id",
                badRequest(() -> new TeamCreateRequest("T", java.util.Arrays.asList("a\u0000b")).validMembers()));
        java.util.List<String> many = java.util.Collections.nCopies(TeamCreateRequest.BATCH_MAX + 1, "u");
        assertEquals("members: at most 1000 user ids", badRequest(() -> new TeamCreateRequest("T", many).validMembers()));
    }
}
