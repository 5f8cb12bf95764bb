package io.bindery.content;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.auth.Role;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.projection.Membership;
import io.bindery.commons.projection.MembershipProjection;
import io.bindery.commons.testing.IdentityEvents;
import io.bindery.commons.testing.TestIdentity;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reusable membership projection of platform-commons, as content-service runs it: read-through to
 * identity's internal API on a miss, then kept by real events on Kafka, idempotent and order-aware.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class MembershipProjectionTest {
    @Inject
    MembershipProjection projection;
    @Inject
    ObjectMapper json;
    @ConfigProperty(name = "kafka.bootstrap.servers")
    String bootstrap;
    IdentityEvents events;

    @BeforeEach
    void producer() {
        events = new IdentityEvents(bootstrap, json);
    }

    @AfterEach
    void close() {
        events.close();
    }

    void send(String eventId, String type, String org, Instant time, Map<String, Object> data) throws Exception {
        events.send(org, events.event(eventId, type, org, time, data));
    }

    @Test
    void aMissIsReadThroughFromIdentity() {
        String org = Ids.newId();
        String user = Ids.newId();
        assertEquals(Optional.empty(), projection.find(org, user));
        TestIdentity.addMembership(org, user, "edit", "read", Instant.now());
        Membership m = projection.find(org, user).orElseThrow();
        assertEquals(Role.EDIT, m.role());
        assertEquals(Role.READ, m.orgDefaultRole());
    }

    @Test
    void eventsKeepItCurrentIgnoringRepeatsAndStaleOnes() throws Exception {
        String org = Ids.newId();
        String user = Ids.newId();
        Instant t0 = Instant.now();
        send(Ids.newId(), "bindery.organization.created.v1", org, t0, Map.of("id", org, "title", "Org"));
        send(Ids.newId(), "bindery.member.added.v1", org, t0, Map.of("organization", org, "user", user, "role", "comment"));
        await().atMost(Duration.ofSeconds(20)).until(() -> projection.find(org, user).map(Membership::role).orElse(null) == Role.COMMENT);
        assertTrue(projection.find(org, user).orElseThrow().orgDefaultRole() == null);

        String updateId = Ids.newId();
        send(updateId, "bindery.member.updated.v1", org, t0.plusSeconds(2), Map.of("organization", org, "user", user, "role", "review"));
        await().atMost(Duration.ofSeconds(20)).until(() -> projection.find(org, user).map(Membership::role).orElse(null) == Role.REVIEW);

        // an older fact arriving late, and a redelivery of an applied event, change nothing
        send(Ids.newId(), "bindery.member.updated.v1", org, t0.plusSeconds(1), Map.of("organization", org, "user", user, "role", "read"));
        send(updateId, "bindery.member.updated.v1", org, t0.plusSeconds(9), Map.of("organization", org, "user", user, "role", "admin"));
        send(Ids.newId(), "bindery.member.removed.v1", org, t0.plusSeconds(3), Map.of("organization", org, "user", user));
        // removal is known locally: no read-through brings the member back even though identity would say so
        TestIdentity.addMembership(org, user, "admin", null, t0);
        await().atMost(Duration.ofSeconds(20)).until(() -> projection.find(org, user).isEmpty());
    }
}
