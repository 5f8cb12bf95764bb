package io.bindery.identity;

import io.bindery.identity.events.ContentEventsConsumer;
import io.bindery.identity.grants.SpaceGrants;
import io.bindery.contracts.content.ContentEventTypes;
import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TopicEvents;
import io.bindery.identity.TestApi.User;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.bindery.identity.TestApi.call;
import static io.bindery.identity.TestApi.invite;
import static io.bindery.identity.TestApi.org;
import static io.bindery.identity.TestApi.team;
import static io.bindery.identity.TestApi.user;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Member.spaces and Team.spaces from content's events: through the real consumer and broker, and event by event
 * (applied the way the consumer applies them, one transaction each) for redelivery and reordering.
 */
@QuarkusTest
class SpaceCountersTest {
    static final Instant T0 = Instant.parse("2030-01-01T00:00:00Z");
    private static final String SOURCE = "/bindery/content-service";

    @Inject
    ContentEventsConsumer consumer;
    @Inject
    SpaceGrants grants;
    @Inject
    EntityManager em;

    User admin;
    User member;
    String org;
    String team;

    @BeforeEach
    void organization() {
        admin = user();
        member = user();
        org = org(admin);
        invite(admin, org, "read", member);
        team = team(admin, org, "Counted", List.of(member.id()));
    }

    @Test
    void grantsThroughKafkaAreCounted() throws Exception {
        String space = Ids.newId();
        String other = Ids.newId();
        try (TopicEvents content = new TopicEvents(ConfigProvider.getConfig().getValue("kafka.bootstrap.servers", String.class),
                TestApi.JSON, ContentEventTypes.TOPIC, SOURCE)) {
            for (JsonNode e : List.of(
                    event(Ids.newId(), ContentEventTypes.SPACE_PERMISSION_UPDATED, T0, grant(space, "user", member.id(), "edit")),
                    event(Ids.newId(), ContentEventTypes.SPACE_PERMISSION_UPDATED, T0, grant(other, "user", member.id(), "read")),
                    event(Ids.newId(), ContentEventTypes.SPACE_PERMISSION_UPDATED, T0, grant(space, "team", team, "comment")),
                    event(Ids.newId(), "bindery.collection.permission.updated.v1", T0,
                            Map.of("collection", Ids.newId(), "organization", org, "user", member.id(), "role", "read")))) {
                content.send(e);
            }
        }
        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofMillis(200)).untilAsserted(() -> {
            assertEquals(2, memberSpaces());
            assertEquals(1, teamSpaces());
        });
    }

    @Test
    void redeliveredEventsCountOnce() {
        String space = Ids.newId();
        JsonNode granted = event(Ids.newId(), ContentEventTypes.SPACE_PERMISSION_UPDATED, T0, grant(space, "user", member.id(), "edit"));
        assertTrue(apply(granted));
        assertFalse(apply(granted), "the same event id again");
        assertEquals(1, memberSpaces());
        // a new grant of the same space (another role) is still one space
        assertTrue(apply(event(Ids.newId(), ContentEventTypes.SPACE_PERMISSION_UPDATED, T0.plusSeconds(1), grant(space, "user", member.id(), "admin"))));
        assertEquals(1, memberSpaces());

        JsonNode removed = event(Ids.newId(), ContentEventTypes.SPACE_PERMISSION_REMOVED, T0.plusSeconds(2), grant(space, "user", member.id(), null));
        assertTrue(apply(removed));
        assertEquals(0, memberSpaces());
        assertFalse(apply(removed));
        assertEquals(0, memberSpaces());
    }

    @Test
    void olderFactsArrivingLateChangeNothing() {
        String space = Ids.newId();
        // removed at +2 s is applied before the grant of +1 s: the grant is older, so the space stays ungranted
        apply(event(Ids.newId(), ContentEventTypes.SPACE_PERMISSION_REMOVED, T0.plusSeconds(2), grant(space, "user", member.id(), null)));
        apply(event(Ids.newId(), ContentEventTypes.SPACE_PERMISSION_UPDATED, T0.plusSeconds(1), grant(space, "user", member.id(), "edit")));
        assertEquals(0, memberSpaces());
        apply(event(Ids.newId(), ContentEventTypes.SPACE_PERMISSION_REMOVED, T0.plusSeconds(2), grant(space, "team", team, null)));
        apply(event(Ids.newId(), ContentEventTypes.SPACE_PERMISSION_UPDATED, T0.plusSeconds(1), grant(space, "team", team, "edit")));
        assertEquals(0, teamSpaces());

        // and the other way round: the newer grant stays
        apply(event(Ids.newId(), ContentEventTypes.SPACE_PERMISSION_UPDATED, T0.plusSeconds(4), grant(space, "user", member.id(), "edit")));
        apply(event(Ids.newId(), ContentEventTypes.SPACE_PERMISSION_REMOVED, T0.plusSeconds(3), grant(space, "user", member.id(), null)));
        assertEquals(1, memberSpaces());
    }

    @Test
    void deletedAndPurgedSpacesDoNotCount() {
        String space = Ids.newId();
        String purged = Ids.newId();
        apply(event(Ids.newId(), ContentEventTypes.SPACE_PERMISSION_UPDATED, T0, grant(space, "user", member.id(), "edit")));
        apply(event(Ids.newId(), ContentEventTypes.SPACE_PERMISSION_UPDATED, T0, grant(space, "team", team, "edit")));
        apply(event(Ids.newId(), ContentEventTypes.SPACE_PERMISSION_UPDATED, T0, grant(purged, "user", member.id(), "read")));
        assertEquals(2, memberSpaces());
        assertEquals(1, teamSpaces());

        apply(event(Ids.newId(), ContentEventTypes.SPACE_DELETED, T0.plusSeconds(10), Map.of("id", space, "organization", org)));
        assertEquals(1, memberSpaces());
        assertEquals(0, teamSpaces());
        // a restore older than the deletion (reordered) leaves it deleted; a newer one brings it back
        apply(event(Ids.newId(), ContentEventTypes.SPACE_RESTORED, T0.plusSeconds(5), Map.of("id", space, "organization", org)));
        assertEquals(1, memberSpaces());
        apply(event(Ids.newId(), ContentEventTypes.SPACE_RESTORED, T0.plusSeconds(20), Map.of("id", space, "organization", org)));
        assertEquals(2, memberSpaces());
        assertEquals(1, teamSpaces());

        // purged is final, whatever comes after or late
        apply(event(Ids.newId(), ContentEventTypes.SPACE_PURGED, T0.plusSeconds(30), Map.of("id", purged)));
        assertEquals(1, memberSpaces());
        apply(event(Ids.newId(), ContentEventTypes.SPACE_RESTORED, T0.plusSeconds(40), Map.of("id", purged, "organization", org)));
        apply(event(Ids.newId(), ContentEventTypes.SPACE_PERMISSION_UPDATED, T0.plusSeconds(50), grant(purged, "user", member.id(), "admin")));
        assertEquals(1, memberSpaces());
    }

    @Test
    void aTransferVoidsTheGrantsOfTheSpace() {
        String space = Ids.newId();
        String otherOrg = org(admin);
        apply(event(Ids.newId(), ContentEventTypes.SPACE_PERMISSION_UPDATED, T0, grant(space, "user", member.id(), "edit")));
        apply(event(Ids.newId(), ContentEventTypes.SPACE_PERMISSION_UPDATED, T0, grant(space, "team", team, "edit")));
        assertEquals(1, memberSpaces());

        apply(event(Ids.newId(), ContentEventTypes.SPACE_TRANSFERRED, T0.plusSeconds(10), Map.of("id", space, "organization", otherOrg)));
        assertEquals(0, memberSpaces());
        assertEquals(0, teamSpaces());
        // a grant from before the transfer, arriving late, stays void
        apply(event(Ids.newId(), ContentEventTypes.SPACE_PERMISSION_UPDATED, T0.plusSeconds(5), grant(space, "user", member.id(), "read")));
        assertEquals(0, memberSpaces());
        // a grant after it counts in the new organization
        Map<String, Object> inOther = new LinkedHashMap<>(grant(space, "user", member.id(), "read"));
        inOther.put("organization", otherOrg);
        apply(event(Ids.newId(), ContentEventTypes.SPACE_PERMISSION_UPDATED, T0.plusSeconds(20), inOther));
        assertEquals(0, memberSpaces());
        assertEquals(1L, QuarkusTransaction.requiringNew().call(() -> grants.userSpaces(otherOrg, List.of(member.id())))
                .get(member.id()));
    }

    @Test
    void everyMemberAndTeamViewShowsTheCounts() {
        String space = Ids.newId();
        apply(event(Ids.newId(), ContentEventTypes.SPACE_PERMISSION_UPDATED, T0, grant(space, "user", member.id(), "edit")));
        apply(event(Ids.newId(), ContentEventTypes.SPACE_PERMISSION_UPDATED, T0, grant(space, "team", team, "read")));
        apply(event(Ids.newId(), ContentEventTypes.SPACE_PERMISSION_UPDATED, T0, grant(Ids.newId(), "team", team, "read")));
        String o = "/v1/orgs/" + org;

        assertEquals(1, find(call("GET", o + "/members", admin.token(), null).json(), member.id(), "id").path("spaces").asInt());
        assertEquals(0, find(call("GET", o + "/members", admin.token(), null).json(), admin.id(), "id").path("spaces").asInt());
        assertEquals(1, call("GET", o + "/members/" + member.id(), admin.token(), null).json().path("spaces").asInt());
        assertEquals(2, find(call("GET", o + "/teams", admin.token(), null).json(), team, "id").path("spaces").asInt());
        assertEquals(2, call("GET", o + "/teams/" + team, member.token(), null).json().path("spaces").asInt());
        JsonNode ofMember = call("GET", o + "/members/" + member.id() + "/teams", member.token(), null).json();
        assertEquals(2, ofMember.path("items").get(0).path("team").path("spaces").asInt());
        JsonNode teamMembers = call("GET", o + "/teams/" + team + "/members", admin.token(), null).json();
        JsonNode entry = null;
        for (JsonNode e : teamMembers.path("items")) {
            if (e.path("organization").path("id").asText().equals(member.id())) {
                entry = e;
            }
        }
        assertEquals(1, entry.path("organization").path("spaces").asInt());
        JsonNode views = call("POST", "/internal/orgs/" + org + "/member-views", null, Map.of("users", List.of(member.id()))).json();
        assertEquals(1, views.path("items").get(0).path("spaces").asInt());
    }

    @Test
    void otherEventsAreIgnoredAndMalformedOnesRefused() {
        assertFalse(apply(event(Ids.newId(), "bindery.collection.permission.updated.v1", T0,
                Map.of("collection", Ids.newId(), "organization", org, "user", member.id(), "role", "read"))));
        assertFalse(apply(event(Ids.newId(), "bindery.space.updated.v1", T0, Map.of("id", Ids.newId(), "organization", org))));
        assertEquals(0, memberSpaces());
        assertThrows(IllegalArgumentException.class, () -> apply(event(Ids.newId(), ContentEventTypes.SPACE_PERMISSION_UPDATED, T0,
                Map.of("space", Ids.newId(), "organization", org, "role", "read"))));
        assertThrows(IllegalArgumentException.class, () -> apply(event(Ids.newId(), ContentEventTypes.SPACE_DELETED, T0, Map.of())));
        Map<String, Object> noTime = new LinkedHashMap<>();
        noTime.put("id", Ids.newId());
        noTime.put("type", ContentEventTypes.SPACE_PERMISSION_UPDATED);
        noTime.put("data", grant(Ids.newId(), "user", member.id(), "read"));
        assertThrows(IllegalArgumentException.class, () -> apply(TestApi.JSON.valueToTree(noTime)));
        assertEquals(0, memberSpaces());
    }

    /** Hands the event to the consumer as a delivery from Kafka would: true when it was applied now (its id newly kept). */
    private boolean apply(JsonNode event) {
        String id = event.path("id").asText();
        boolean before = processed(id);
        QuarkusTransaction.requiringNew().run(() -> consumer.applyParked(event));
        return !before && processed(id);
    }

    private boolean processed(String eventId) {
        return QuarkusTransaction.requiringNew().call(() -> ((Number) em.createNativeQuery(
                "SELECT count(*) FROM processed_event WHERE event_id = :id").setParameter("id", eventId)
                .getSingleResult()).longValue() > 0);
    }

    private int memberSpaces() {
        return call("GET", "/v1/orgs/" + org + "/members/" + member.id(), admin.token(), null).json().path("spaces").asInt();
    }

    private int teamSpaces() {
        return call("GET", "/v1/orgs/" + org + "/teams/" + team, admin.token(), null).json().path("spaces").asInt();
    }

    private Map<String, Object> grant(String space, String principalType, String principal, String role) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("space", space);
        data.put("organization", org);
        data.put(principalType, principal);
        data.put("role", role);
        return data;
    }

    /** A CloudEvent as content-service's outbox relay publishes it. */
    private static JsonNode event(String id, String type, Instant time, Map<String, Object> data) {
        Object subject = data.getOrDefault("space", data.getOrDefault("id", "x"));
        return TopicEvents.envelope(TestApi.JSON, SOURCE, id, type, String.valueOf(subject), time, data);
    }

    private static JsonNode find(JsonNode page, String id, String field) {
        for (JsonNode item : page.path("items")) {
            if (item.path(field).asText().equals(id)) {
                return item;
            }
        }
        throw new AssertionError(id + " not in " + page);
    }
}
