package io.bindery.content;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.projection.UserDirectory;
import io.bindery.commons.projection.UserRef;
import io.bindery.commons.testing.IdentityEvents;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.commons.urls.PublicUrls;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The user directory of platform-commons, as content-service runs it: read-through to identity's internal
 * API on a miss (and kept), fed by identity's user events on Kafka, never letting an older fact win.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
class UserDirectoryTest {
    @Inject
    UserDirectory directory;
    @Inject
    EntityManager em;
    @Inject
    PublicUrls urls;
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

    /** A CloudEvent as identity's outbox relay publishes it. */
    JsonNode event(String eventId, String type, Instant time, Map<String, Object> data) {
        return events.event(eventId, type, String.valueOf(data.getOrDefault("id", data.getOrDefault("organization", ""))), time, data);
    }

    void send(String key, JsonNode event) throws Exception {
        events.send(key, event);
    }

    static Map<String, Object> userView(String id, String displayName, String email) {
        return Map.of("object", "user", "id", id, "displayName", displayName, "email", email,
                "urls", Map.of("location", "http://127.0.0.1:8080/v1/users/" + id));
    }

    /** The stored row, read straight from the table: {display_name, email, photo_url, version}, or null. */
    Object[] row(String id) {
        return QuarkusTransaction.requiringNew().call(() -> {
            @SuppressWarnings("unchecked")
            List<Object[]> rows = em.createNativeQuery(
                            "SELECT display_name, email, photo_url, version FROM projected_user WHERE id = :id")
                    .setParameter("id", id).getResultList();
            return rows.isEmpty() ? null : rows.get(0);
        });
    }

    boolean apply(JsonNode event) {
        return QuarkusTransaction.requiringNew().call(() -> directory.apply(event));
    }

    @Test
    void aMissIsReadThroughFromIdentityAndKept() {
        String id = Ids.newId();
        assertEquals(Optional.empty(), directory.find(id));
        assertEquals(1, TestIdentity.userRequests(id));
        assertEquals(null, row(id), "an unknown user is not stored");

        TestIdentity.addUser(id, "Ada Lovelace", "ada@example.com");
        UserRef ada = directory.find(id).orElseThrow();
        assertEquals(new UserRef(id, "Ada Lovelace", "ada@example.com", null), ada);
        assertEquals(2, TestIdentity.userRequests(id));
        Object[] stored = row(id);
        assertEquals("Ada Lovelace", stored[0]);
        assertEquals("ada@example.com", stored[1]);

        // now known here: identity is not asked again
        assertEquals(ada, directory.find(id).orElseThrow());
        assertEquals(2, TestIdentity.userRequests(id));
    }

    @Test
    void theViewIsGitBooksUserObject() {
        UserRef plain = new UserRef("u1", "Grace", "grace@example.com", null);
        JsonNode view = json.valueToTree(plain.view(urls));
        assertEquals("user", view.path("object").asText());
        assertEquals("u1", view.path("id").asText());
        assertEquals("Grace", view.path("displayName").asText());
        assertEquals("grace@example.com", view.path("email").asText());
        assertEquals(urls.api("/users/u1"), view.path("urls").path("location").asText());
        assertTrue(view.path("urls").path("location").asText().endsWith("/v1/users/u1"));
        assertFalse(view.has("photoURL"), "photoURL is omitted when unset");
        assertEquals(5, view.size(), "object, id, displayName, email, urls");

        JsonNode withPhoto = json.valueToTree(new UserRef("u2", "Grace", "g@example.com", "https://img.example/g.png").view(urls));
        assertEquals("https://img.example/g.png", withPhoto.path("photoURL").asText());
    }

    @Test
    void aUserCreatedEventIsFoundWithoutAskingIdentity() throws Exception {
        String id = Ids.newId();
        send(id, event(Ids.newId(), "bindery.user.created.v1", Instant.now(), userView(id, "Event User", "ev@example.com")));
        await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(100)).until(() -> row(id) != null);
        assertEquals(new UserRef(id, "Event User", "ev@example.com", null), directory.find(id).orElseThrow());
        assertEquals(0, TestIdentity.userRequests(id), "identity never heard of this user, nor was it asked");
    }

    @Test
    void anOlderFactNeverOverwritesANewerOne() {
        String id = Ids.newId();
        Instant t0 = Instant.now().minusSeconds(60);
        JsonNode created = event(Ids.newId(), "bindery.user.created.v1", t0, userView(id, "First", "a@example.com"));
        JsonNode renamed = event(Ids.newId(), "bindery.user.updated.v1", t0.plusSeconds(2), userView(id, "Second", "a@example.com"));
        JsonNode stale = event(Ids.newId(), "bindery.user.updated.v1", t0.plusSeconds(1), userView(id, "Stale", "stale@example.com"));

        assertTrue(apply(renamed));
        assertFalse(apply(created), "created earlier than the rename it arrives after");
        assertFalse(apply(stale));
        assertFalse(apply(renamed), "a redelivery changes nothing");
        assertEquals("Second", directory.find(id).orElseThrow().displayName());

        // events that are not user events are not the directory's business
        assertFalse(apply(event(Ids.newId(), "bindery.member.added.v1", t0, Map.of("organization", "o", "user", id, "role", "edit"))));
    }

    @Test
    void aReadThroughAnswerIsNewerThanEventsWrittenBeforeIt() throws Exception {
        String id = Ids.newId();
        TestIdentity.addUser(id, "Current Name", "cur@example.com");
        assertEquals("Current Name", directory.find(id).orElseThrow().displayName());

        // an event from before the read-through, delivered late through Kafka, then a barrier on the same
        // partition (same key) that the membership projection records: once it is in, the stale one was handled
        String org = Ids.newId();
        Instant before = Instant.now().minusSeconds(30);
        send(id, event(Ids.newId(), "bindery.user.updated.v1", before, userView(id, "Old Name", "old@example.com")));
        send(id, event(Ids.newId(), "bindery.organization.created.v1", before, Map.of("id", org, "title", "Barrier")));
        send(id, event(Ids.newId(), "bindery.member.added.v1", before, Map.of("organization", org, "user", id, "role", "read")));
        await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(100)).until(() -> membershipStored(org, id));

        assertEquals(new UserRef(id, "Current Name", "cur@example.com", null), directory.find(id).orElseThrow());
        assertEquals("Current Name", row(id)[0]);
    }

    private boolean membershipStored(String org, String user) {
        return QuarkusTransaction.requiringNew().call(() -> !em.createNativeQuery(
                        "SELECT 1 FROM projected_membership WHERE organization_id = :o AND user_id = :u")
                .setParameter("o", org).setParameter("u", user).getResultList().isEmpty());
    }

    @Test
    void findAllMixesLocalAndRemoteInTheOrderAsked() {
        String local = Ids.newId();
        String remote = Ids.newId();
        String unknown = Ids.newId();
        assertTrue(apply(event(Ids.newId(), "bindery.user.created.v1", Instant.now(), userView(local, "Local", "local@example.com"))));
        TestIdentity.addUser(remote, "Remote", "remote@example.com");

        Map<String, UserRef> found = directory.findAll(List.of(remote, unknown, local, remote));
        assertEquals(List.of(remote, local), List.copyOf(found.keySet()));
        assertEquals(new UserRef(local, "Local", "local@example.com", null), found.get(local));
        assertEquals(new UserRef(remote, "Remote", "remote@example.com", null), found.get(remote));
        assertEquals(0, TestIdentity.userRequests(local), "a local hit is not read through");
        assertEquals(1, TestIdentity.userRequests(remote));
        assertEquals(1, TestIdentity.userRequests(unknown));
        assertEquals("Remote", row(remote)[0], "what identity said is kept");

        // the second time, both are local
        Map<String, UserRef> again = new HashMap<>(directory.findAll(List.of(local, remote)));
        assertEquals(2, again.size());
        assertEquals(1, TestIdentity.userRequests(remote));
        assertEquals(Map.of(), directory.findAll(List.of()));
    }
}
