package io.bindery.identity.eventsadmin;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Issue 34's operator API: the instance admin lists the events every service's consumers could not apply (gathered
 * over each service's internal API: here "content" is this service itself over real HTTP, the others a closed
 * port, named in the answer instead of failing it), and discards or replays them, audited. Anyone else: 401/403.
 */
@QuarkusTest
class EventsAdminTest {
    static String admin;
    @Inject
    EntityManager em;

    @BeforeAll
    static void adminToken() throws Exception {
        admin = Files.readString(Path.of("target/test-admin-token")).trim();
    }

    @Test
    void theInstanceAdminSeesListsReplaysAndDiscards() {
        String topic = "bindery.test.admin-" + UUID.randomUUID();
        String eventId = "event-" + UUID.randomUUID();
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery("""
                        INSERT INTO failed_event (event_id, topic, partition_key, event_type, envelope, attempts, last_error,
                                                  state, parked_at, next_retry_at)
                        VALUES (:id, :t, 'space-1', 'bindery.space.updated.v9', '{"id":"x"}', 1, 'unknown version', 'dead', :now, :now)""")
                .setParameter("id", eventId).setParameter("t", topic).setParameter("now", Instant.now()).executeUpdate());

        given().auth().oauth2(admin).get("/v1/admin/events/parked").then().statusCode(200)
                .body("items.findAll { it.eventId == '" + eventId + "' }.service", containsInAnyOrder("identity", "content"))
                .body("items.find { it.eventId == '" + eventId + "' }.state", equalTo("dead"))
                .body("items.find { it.eventId == '" + eventId + "' }.type", equalTo("bindery.space.updated.v9"))
                .body("items.find { it.eventId == '" + eventId + "' }.aggregate", equalTo("space-1"))
                .body("items.find { it.eventId == '" + eventId + "' }.reason", equalTo("unknown version"))
                .body("services.review.error", containsString("not read"))
                .body("services.identity.error", equalTo(null));
        given().auth().oauth2(admin).get("/v1/admin/events/parked?service=identity").then().statusCode(200)
                .body("services.keySet()", equalTo(java.util.Set.of("identity")));

        // bad input: a clear 400, nothing changed
        given().auth().oauth2(admin).get("/v1/admin/events/parked?limit=0").then().statusCode(400).body("error.code", equalTo(400));
        given().auth().oauth2(admin).get("/v1/admin/events/parked?service=nope").then().statusCode(400)
                .body("error.message", containsString("nope"));
        given().auth().oauth2(admin).contentType(ContentType.JSON).body("{\"topic\":\"" + topic + "\"}")
                .post("/v1/admin/events/parked/identity/discard").then().statusCode(400);
        given().auth().oauth2(admin).contentType(ContentType.JSON).body("[1]")
                .post("/v1/admin/events/parked/replay").then().statusCode(400);
        given().auth().oauth2(admin).contentType(ContentType.JSON).body("{\"eventId\":\"" + eventId + "\"}")
                .post("/v1/admin/events/parked/identity/replay").then().statusCode(400).body("error.message", containsString("topic"));

        // anyone else
        given().get("/v1/admin/events/parked").then().statusCode(401);
        String user = given().auth().oauth2(admin).contentType(ContentType.JSON)
                .body(Map.of("email", "ops-" + UUID.randomUUID() + "@example.com", "displayName", "Not Admin"))
                .post("/v1/admin/users").then().statusCode(201).extract().path("id");
        String token = given().auth().oauth2(admin).contentType(ContentType.JSON).body("{}")
                .post("/v1/admin/users/" + user + "/tokens").then().statusCode(201).extract().path("token");
        given().auth().oauth2(token).get("/v1/admin/events/parked").then().statusCode(403).body("error.code", equalTo(403));
        given().auth().oauth2(token).contentType(ContentType.JSON).body(Map.of("topic", topic, "eventId", eventId))
                .post("/v1/admin/events/parked/identity/discard").then().statusCode(403);

        // a replay of an event no consumer here reads: it stays, counted as failed
        given().auth().oauth2(admin).contentType(ContentType.JSON).body(Map.of("topic", topic, "eventId", eventId))
                .post("/v1/admin/events/parked/identity/replay").then().statusCode(200)
                .body("identity.applied", equalTo(0)).body("identity.failed", equalTo(1));
        // discarded through "content" (this service over HTTP), then gone everywhere
        given().auth().oauth2(admin).contentType(ContentType.JSON).body(Map.of("topic", topic, "eventId", eventId))
                .post("/v1/admin/events/parked/content/discard").then().statusCode(200).body("content.discarded", equalTo(1));
        given().auth().oauth2(admin).contentType(ContentType.JSON).body(Map.of("topic", topic, "eventId", eventId))
                .post("/v1/admin/events/parked/identity/discard").then().statusCode(404).body("error.code", equalTo(404));
        given().auth().oauth2(admin).get("/v1/admin/events/parked?service=identity").then().statusCode(200)
                .body("items.findAll { it.eventId == '" + eventId + "' }.size()", equalTo(0));

        String adminId = given().auth().oauth2(admin).get("/v1/user").then().extract().path("id");
        @SuppressWarnings("unchecked")
        List<Object[]> audit = QuarkusTransaction.requiringNew().call(() -> em.createNativeQuery(
                "SELECT action, actor FROM event_audit WHERE event_id = :id ORDER BY id").setParameter("id", eventId).getResultList());
        assertEquals(2, audit.size(), "the replay and the discard");
        assertEquals("replay", audit.get(0)[0]);
        assertEquals(adminId, audit.get(0)[1]);
        assertEquals("discard", audit.get(1)[0]);
    }
}
