package io.bindery.integrations.delivery;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.contracts.content.SpaceData;
import io.bindery.contracts.sites.SiteData;
import io.bindery.integrations.testing.ContentStandIn;
import io.bindery.integrations.testing.Platform;
import io.bindery.integrations.testing.Receiver;
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
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.bindery.integrations.testing.IntegrationFixtures.as;
import static io.bindery.integrations.testing.IntegrationFixtures.body;
import static io.bindery.integrations.testing.IntegrationFixtures.member;
import static io.bindery.integrations.testing.IntegrationFixtures.organization;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(ContentStandIn.class)
class DeliveryTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Inject
    ObjectMapper json;
    @Inject
    EntityManager em;
    @Inject
    DeliveryWorker worker;
    @ConfigProperty(name = "kafka.bootstrap.servers")
    String kafka;

    Receiver receiver;
    String org;
    String admin;
    String reader;
    String outsider;
    String name;
    String secret;

    @BeforeEach
    void integrationWithAReceiver() throws Exception {
        receiver = new Receiver();
        org = organization(kafka, json, "h" + Ids.newId().toLowerCase());
        admin = member(org, "admin");
        reader = member(org, "read");
        outsider = member(organization(kafka, json, "o" + Ids.newId().toLowerCase()), "admin");
        name = "it-" + Ids.newId().toLowerCase();
        secret = as(admin).body(body(org, ",\"endpoint\":\"" + receiver.url() + "\",\"scopes\":[\"space:content:read\",\"site:metadata:read\"]"))
                .post("/v1/integrations/" + name).then().statusCode(200).extract().path("signingSecret");
    }

    @AfterEach
    void closeReceiver() {
        worker.start();
        receiver.close();
    }

    private String install(String body) {
        return as(admin).body(body).post("/v1/integrations/" + name + "/installations").then().statusCode(201)
                .extract().path("id");
    }

    private JsonNode event(String eventId) throws Exception {
        return json.readTree(as(admin).get("/v1/integrations/" + name + "/events/" + eventId).then().statusCode(200)
                .extract().asString());
    }

    @Test
    void anInstallIsDeliveredSignedWithTheSigningSecret() throws Exception {
        String installation = install("{\"organization\":\"" + org + "\"}");
        await().atMost(WAIT).until(() -> receiver.received.size() == 1);
        Receiver.Received r = receiver.received.get(0);
        JsonNode payload = json.readTree(r.body());
        assertEquals("installation_setup", payload.path("type").asText());
        assertEquals(installation, payload.path("installationId").asText());
        // t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>"> with the integration's signing secret, recomputed here
        Map<String, String> parts = new java.util.HashMap<>();
        for (String p : r.signature().split(",")) {
            parts.put(p.substring(0, p.indexOf('=')), p.substring(p.indexOf('=') + 1));
        }
        long t = Long.parseLong(parts.get("t"));
        assertTrue(Math.abs(System.currentTimeMillis() / 1000 - t) < 300, "signed just now");
        javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
        mac.init(new javax.crypto.spec.SecretKeySpec(secret.getBytes(java.nio.charset.StandardCharsets.UTF_8), "HmacSHA256"));
        String expected = java.util.HexFormat.of().formatHex(mac.doFinal((t + "." + r.body()).getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        assertEquals(expected, parts.get("v1"));
        // the event shows success and its one attempt in the trace
        awaitDelivered(r.eventId());
        JsonNode detail = event(r.eventId());
        assertEquals("success", detail.path("event").path("status").asText());
        assertEquals(1, detail.path("trace").path("logs").size());
        assertTrue(detail.path("trace").path("logs").get(0).path("message").asText().contains("HTTP 200"));
        // another organization and a reader of the owner do not read the events
        as(outsider).get("/v1/integrations/" + name + "/events/" + r.eventId()).then().statusCode(404);
        as(outsider).get("/v1/integrations/" + name + "/events").then().statusCode(404);
        as(reader).get("/v1/integrations/" + name + "/events").then().statusCode(403);
        as(admin).get("/v1/integrations/" + name + "/events/" + Ids.newId()).then().statusCode(404);
    }

    @Test
    void aReceiverThatFailsTwiceGetsTheEventAtTheThirdAttempt() throws Exception {
        receiver.failNext(2);
        install("{\"organization\":\"" + org + "\"}");
        await().atMost(WAIT).until(() -> receiver.received.size() == 1);
        awaitDelivered(receiver.received.get(0).eventId());
        JsonNode detail = event(receiver.received.get(0).eventId());
        JsonNode logs = detail.path("trace").path("logs");
        assertEquals(3, logs.size(), logs.toString());
        assertTrue(logs.get(0).path("message").asText().contains("HTTP 503"));
        assertEquals("warn", logs.get(0).path("level").asText());
        assertTrue(logs.get(1).path("message").asText().contains("HTTP 503"));
        assertTrue(logs.get(2).path("message").asText().contains("HTTP 200"));
        assertEquals(3, detail.path("event").path("delivery").path("attempts").asInt());
        assertEquals("success", detail.path("event").path("status").asText());
    }

    /**
     * The queue lives in the database: with the worker stopped after a failed attempt (as a process that exits),
     * the row stays pending with its attempt and trace; a worker started afresh (holding nothing from before)
     * claims it and delivers. A worker that died while holding a row (its lease taken, no outcome written) leaves
     * it to the next one once the lease ends.
     */
    @Test
    void aRestartBetweenAttemptsStillDelivers() throws Exception {
        receiver.failNext(1_000_000);
        String installation = install("{\"organization\":\"" + org + "\"}");
        String eventId = awaitOne("attempts >= 1 AND delivery = 'pending' AND trace <> '[]'::jsonb");
        worker.stop();
        receiver.failNext(0);
        List<Object> stopped = row(eventId);
        assertEquals("pending", stopped.get(0));
        int attempts = (Integer) stopped.get(1);
        Thread.sleep(1500); // past its backoff: nothing delivers while no worker runs
        assertEquals(0, receiver.received.size());
        assertEquals(stopped, row(eventId));
        worker.start();
        await().atMost(WAIT).until(() -> receiver.received.size() == 1);
        assertEquals(eventId, receiver.received.get(0).eventId());
        awaitDelivered(eventId);
        assertEquals(List.of("delivered", attempts + 1), row(eventId));
        assertEquals(attempts + 1, event(eventId).path("trace").path("logs").size());

        // a worker that died mid-attempt: the row claimed (attempt counted, lease taken), no outcome written
        worker.stop();
        as(admin).body("{\"configuration\":{\"k\":1}}").patch("/v1/integrations/" + name + "/installations/" + installation)
                .then().statusCode(200);
        String second = awaitOne("delivery = 'pending' AND attempts = 0");
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery("UPDATE integration_event SET attempts = 1, "
                + "next_attempt_at = now() + interval '1 second' WHERE id = :id").setParameter("id", second).executeUpdate());
        worker.start();
        await().atMost(WAIT).until(() -> receiver.received.size() == 2);
        assertEquals(second, receiver.received.get(1).eventId());
        awaitDelivered(second);
        assertEquals(List.of("delivered", 2), row(second));
    }

    @Test
    void theDevelopmentTunnelReceivesInsteadOfTheEndpoint() throws Exception {
        try (Receiver tunnel = new Receiver()) {
            as(reader).body("{\"tunnelUrl\":\"" + tunnel.url() + "\"}").put("/v1/integrations/" + name + "/dev").then().statusCode(403);
            as(outsider).body("{\"tunnelUrl\":\"" + tunnel.url() + "\"}").put("/v1/integrations/" + name + "/dev").then().statusCode(404);
            as(admin).body("{\"tunnelUrl\":\"ftp://x\"}").put("/v1/integrations/" + name + "/dev").then().statusCode(400);
            as(admin).body("{}").put("/v1/integrations/" + name + "/dev").then().statusCode(400);
            as(admin).body("{\"tunnelUrl\":\"" + tunnel.url() + "\",\"all\":true}").put("/v1/integrations/" + name + "/dev")
                    .then().statusCode(204);
            as(admin).get("/v1/integrations/" + name).then().body("dev.tunnelUrl", equalTo(tunnel.url()))
                    .body("dev.all", equalTo(true));
            String id = install("{\"organization\":\"" + org + "\"}");
            await().atMost(WAIT).until(() -> tunnel.received.size() == 1);
            assertEquals(0, receiver.received.size());
            as(admin).delete("/v1/integrations/" + name + "/dev").then().statusCode(205);
            as(admin).body("{}").patch("/v1/integrations/" + name + "/installations/" + id).then().statusCode(200);
            await().atMost(WAIT).until(() -> receiver.received.size() == 1);
            assertEquals(1, tunnel.received.size());
        }
    }

    @Test
    void aMergedChangeRequestInAnInstalledSpaceReachesTheReceiverAndOneOutsideTheSelectionDoesNot() throws Exception {
        SpaceData installed = Platform.space(kafka, json, em, org, "Installed", Set.of(admin));
        SpaceData notSelected = Platform.space(kafka, json, em, org, "Not selected", Set.of(admin));
        String id = install("{\"organization\":\"" + org + "\",\"space_selection\":\"selected\"}");
        as(admin).body("{\"space\":\"" + installed.id() + "\"}").post("/v1/integrations/" + name + "/installations/" + id + "/spaces")
                .then().statusCode(201);
        await().atMost(WAIT).until(() -> receiver.received.size() == 2);

        String outside = Platform.mergeChangeRequest(kafka, json, notSelected.id());
        TestIdentity.addUser(admin, "Ada Merger", "ada.merger@example.com");
        String cr = Platform.mergeChangeRequest(kafka, json, installed.id(), admin);
        await().atMost(WAIT).until(() -> receiver.containing("change_request_merged").size() == 1
                && receiver.containing("space_content_updated").size() == 1);
        // GitBook 0.202.0's updatedBy: the merger as a User object
        JsonNode updated = json.readTree(receiver.containing("space_content_updated").get(0).body());
        assertEquals(1, updated.path("updatedBy").size(), updated.toString());
        assertEquals("user", updated.path("updatedBy").path(0).path("object").asText());
        assertEquals(admin, updated.path("updatedBy").path(0).path("id").asText());
        assertEquals("Ada Merger", updated.path("updatedBy").path(0).path("displayName").asText());
        JsonNode merged = json.readTree(receiver.containing("change_request_merged").get(0).body());
        assertEquals(installed.id(), merged.path("spaceId").asText());
        assertEquals(cr, merged.path("changeRequestId").asText());
        assertEquals(id, merged.path("installationId").asText());
        Thread.sleep(500);
        assertEquals(List.of(), receiver.containing(outside));
        assertEquals(List.of(), receiver.containing(notSelected.id()));
        // events arrive in their installation's order
        List<String> types = new java.util.ArrayList<>();
        for (Receiver.Received r : receiver.received) {
            types.add(json.readTree(r.body()).path("type").asText());
        }
        assertEquals(List.of("installation_setup", "space_installation_setup"), types.subList(0, 2));
    }

    @Test
    void withSelectionAllEverySpaceAndPublishedSiteOfTheOrganizationIsCovered() throws Exception {
        SpaceData space = Platform.space(kafka, json, em, org, "Any", Set.of(admin));
        SiteData site = Platform.site(kafka, json, em, org, "Docs");
        install("{\"organization\":\"" + org + "\"}");
        Platform.mergeChangeRequest(kafka, json, space.id());
        Platform.publishSite(kafka, json, site);
        await().atMost(WAIT).until(() -> receiver.containing("change_request_merged").size() == 1
                && receiver.containing("site_published").size() == 1);
        assertEquals(site.id(), json.readTree(receiver.containing("site_published").get(0).body()).path("siteId").asText());
    }

    /**
     * The list holds only events of GitBook's Event types, so a client generated from its document can read it
     * (issue 28, FINDINGS.md F2); Bindery's own types are still delivered and read by id.
     */
    @Test
    void theListHoldsOnlyGitBooksEventTypes() throws Exception {
        SpaceData space = Platform.space(kafka, json, em, org, "Listed", Set.of(admin));
        SiteData site = Platform.site(kafka, json, em, org, "Listed docs");
        install("{\"organization\":\"" + org + "\"}");
        Platform.mergeChangeRequest(kafka, json, space.id());
        Platform.publishSite(kafka, json, site);
        await().atMost(WAIT).until(() -> receiver.containing("change_request_merged").size() == 1
                && receiver.containing("space_content_updated").size() == 1
                && receiver.containing("site_published").size() == 1);
        List<String> listed = as(admin).get("/v1/integrations/" + name + "/events?limit=100").then().statusCode(200)
                .extract().jsonPath().getList("items.payload.type", String.class);
        assertEquals(Set.of("installation_setup", "space_content_updated"), Set.copyOf(listed), listed.toString());
        assertTrue(listed.stream().allMatch(io.bindery.integrations.events.IntegrationEvents.LISTED_TYPES::contains), listed.toString());
        String merged = receiver.containing("change_request_merged").get(0).eventId();
        assertEquals("change_request_merged", event(merged).path("event").path("payload").path("type").asText());
    }

    @Test
    void theOwnerRedeliversAnEvent() throws Exception {
        install("{\"organization\":\"" + org + "\"}");
        await().atMost(WAIT).until(() -> receiver.received.size() == 1);
        String eventId = receiver.received.get(0).eventId();
        awaitDelivered(eventId);
        String path = "/v1/integrations/" + name + "/events/" + eventId + "/redeliver";
        as(reader).post(path).then().statusCode(403);
        as(outsider).post(path).then().statusCode(404);
        as(admin).post("/v1/integrations/" + name + "/events/" + Ids.newId() + "/redeliver").then().statusCode(404);
        as(admin).post(path).then().statusCode(200).body("delivery.state", equalTo("pending"));
        await().atMost(WAIT).until(() -> receiver.received.size() == 2);
        assertEquals(eventId, receiver.received.get(1).eventId());
        awaitDelivered(eventId); // the redelivery set it pending again
        as(admin).get("/v1/integrations/" + name + "/events/" + eventId).then().statusCode(200)
                .body("event.status", equalTo("success")).body("trace.logs", hasSize(3));
    }

    private String awaitOne(String condition) {
        String[] id = new String[1];
        await().atMost(WAIT).until(() -> {
            List<?> ids = QuarkusTransaction.requiringNew().call(() -> em.createNativeQuery(
                            "SELECT id FROM integration_event WHERE integration_name = :n AND " + condition + " ORDER BY seq DESC")
                    .setParameter("n", name).getResultList());
            if (ids.isEmpty()) {
                return false;
            }
            id[0] = (String) ids.get(0);
            return true;
        });
        return id[0];
    }

    /**
     * The receiver answers before the worker writes the outcome, so a test that saw the request waits for the row
     * too before it reads the event's state (CI once read "pending" in that gap).
     */
    private void awaitDelivered(String eventId) {
        await().atMost(WAIT).until(() -> "delivered".equals(row(eventId).get(0)));
    }

    private List<Object> row(String eventId) {
        Object[] r = QuarkusTransaction.requiringNew().call(() -> (Object[]) em.createNativeQuery(
                "SELECT delivery, attempts FROM integration_event WHERE id = :id").setParameter("id", eventId).getSingleResult());
        return List.of(r[0], ((Number) r[1]).intValue());
    }
}
