package io.bindery.review.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.agroal.api.AgroalDataSource;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.commons.testing.TopicEvents;
import io.bindery.contracts.insights.InsightsEventTypes;
import io.bindery.contracts.insights.IssuesClusterData;
import io.bindery.contracts.review.ReviewEventTypes;
import io.bindery.review.testing.Api;
import io.bindery.review.testing.Api.Answer;
import io.bindery.review.testing.ContentStandIn;
import io.bindery.review.testing.Rows;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A change request's conversationsIssuesCluster: set and cleared by PATCH, checked against the clusters insights'
 * events (through the real broker and consumer) describe, and cleared when its cluster is deleted.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(ContentStandIn.class)
class InsightsClustersTest {
    static final String ALICE = "alice-" + Ids.newId();
    static final String READER = "reader-" + Ids.newId();
    static final String MALLORY = "mallory-" + Ids.newId();

    @TestHTTPResource("/")
    URI base;
    @Inject
    AgroalDataSource db;
    @Inject
    ObjectMapper json;
    @Inject
    InsightsEventsConsumer consumer;
    @ConfigProperty(name = "kafka.bootstrap.servers")
    String kafka;

    Api api;
    Rows rows;
    TopicEvents insights;
    String org;
    String space;

    @BeforeEach
    void setUp() {
        api = new Api(base);
        rows = new Rows(db);
        insights = new TopicEvents(kafka, json, InsightsEventTypes.TOPIC, "/bindery/insights-service");
        TestIdentity.addUser(ALICE, "Alice", "alice@example.com");
        TestIdentity.addUser(READER, "Reader", "reader@example.com");
        TestIdentity.addUser(MALLORY, "Mallory", "mallory@example.com");
        org = "org-" + Ids.newId();
        space = ContentStandIn.space(org, ALICE);
        ContentStandIn.grant(space, READER, "read");
        ContentStandIn.space("org-" + Ids.newId(), MALLORY);
    }

    @AfterEach
    void tearDown() {
        insights.close();
    }

    @Test
    void patchSetsTheClusterTheListFindsAndNullClearsIt() throws Exception {
        String cluster = created(org);
        String cr = newChangeRequest();
        Answer set = api.patch(ALICE, crPath(cr), Map.of("conversationsIssuesCluster", cluster)).expect(200);
        assertEquals(cluster, set.text("conversationsIssuesCluster"));
        assertEquals(cluster, api.get(ALICE, crPath(cr)).expect(200).text("conversationsIssuesCluster"));
        assertEquals(List.of(cr), ids(api.get(ALICE, "/spaces/" + space + "/change-requests?conversationsIssuesCluster=" + cluster)));
        assertEquals(List.of(), ids(api.get(ALICE, "/spaces/" + space + "/change-requests?conversationsIssuesCluster=" + Ids.newId())));

        Map<String, Object> clear = new HashMap<>();
        clear.put("conversationsIssuesCluster", null);
        Answer cleared = api.patch(ALICE, crPath(cr), clear).expect(200);
        assertTrue(cleared.body().path("conversationsIssuesCluster").isMissingNode()
                || cleared.body().path("conversationsIssuesCluster").isNull(), cleared.body().toString());
        assertNull(rows.changeRequest(cr).get("conversations_issues_cluster"));
        assertEquals(List.of(), ids(api.get(ALICE, "/spaces/" + space + "/change-requests?conversationsIssuesCluster=" + cluster)));
        // a PATCH without the field leaves it as it is
        api.patch(ALICE, crPath(cr), Map.of("conversationsIssuesCluster", cluster)).expect(200);
        api.patch(ALICE, crPath(cr), Map.of("subject", "Renamed")).expect(200);
        assertEquals(cluster, rows.changeRequest(cr).get("conversations_issues_cluster"));
    }

    @Test
    void anUnknownOrAnotherOrganizationsClusterIs400AndChangesNothing() throws Exception {
        String cluster = created(org);
        String elsewhere = created("org-" + Ids.newId());
        String cr = newChangeRequest();
        api.patch(ALICE, crPath(cr), Map.of("conversationsIssuesCluster", cluster)).expect(200);
        String updatedAt = api.get(ALICE, crPath(cr)).expect(200).text("updatedAt");

        for (Object bad : List.of(Ids.newId(), elsewhere, "", 42)) {
            Answer refused = api.patch(ALICE, crPath(cr), Map.of("subject", "Not this", "conversationsIssuesCluster", bad)).expect(400);
            assertTrue(refused.body().toString().contains("conversationsIssuesCluster"), refused.body().toString());
        }
        Answer after = api.get(ALICE, crPath(cr)).expect(200);
        assertEquals(cluster, after.text("conversationsIssuesCluster"));
        assertEquals("CR", after.text("subject"));
        assertEquals(updatedAt, after.text("updatedAt"));
    }

    @Test
    void aDeletedClusterIsClearedFromItsChangeRequestsAndRefused() throws Exception {
        String cluster = created(org);
        String first = newChangeRequest();
        String second = newChangeRequest();
        String other = newChangeRequest();
        String kept = created(org);
        api.patch(ALICE, crPath(first), Map.of("conversationsIssuesCluster", cluster)).expect(200);
        api.patch(ALICE, crPath(second), Map.of("conversationsIssuesCluster", cluster)).expect(200);
        api.patch(ALICE, crPath(other), Map.of("conversationsIssuesCluster", kept)).expect(200);
        long updatesBefore = updates(first);

        Instant at = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        send(InsightsEventTypes.CLUSTER_DELETED, cluster, org, at);
        awaitCluster(cluster, true, at);

        for (String cr : List.of(first, second)) {
            assertNull(rows.changeRequest(cr).get("conversations_issues_cluster"));
        }
        assertEquals(kept, rows.changeRequest(other).get("conversations_issues_cluster"));
        assertEquals(updatesBefore + 1, updates(first));
        assertEquals(List.of(), ids(api.get(ALICE, "/spaces/" + space + "/change-requests?conversationsIssuesCluster=" + cluster)));
        api.patch(ALICE, crPath(first), Map.of("conversationsIssuesCluster", cluster)).expect(400);
    }

    @Test
    void theNewestDescriptionWinsAndADeleteIsFinal() {
        String cluster = Ids.newId();
        Instant t1 = Instant.parse("2026-01-01T00:00:00Z");
        Instant t2 = t1.plusSeconds(60);
        apply(InsightsEventTypes.CLUSTER_UPDATED, cluster, org, t2);
        apply(InsightsEventTypes.CLUSTER_CREATED, cluster, org, t1); // late and older: ignored
        assertEquals(t2, updatedAt(cluster));
        apply(InsightsEventTypes.CLUSTER_UPDATED, cluster, org, t2); // replayed: the same state
        assertEquals(false, rows.one("SELECT deleted FROM insights_cluster WHERE id = ?", cluster).get("deleted"));
        apply(InsightsEventTypes.CLUSTER_DELETED, cluster, org, t2);
        apply(InsightsEventTypes.CLUSTER_UPDATED, cluster, org, t2.plusSeconds(60)); // after the delete: stays deleted
        assertEquals(true, rows.one("SELECT deleted FROM insights_cluster WHERE id = ?", cluster).get("deleted"));
        assertEquals(t2, updatedAt(cluster));
    }

    @Test
    void aReaderCannotPatchAndAnotherOrganizationSeesNothing() throws Exception {
        String cluster = created(org);
        String cr = newChangeRequest();
        api.patch(READER, crPath(cr), Map.of("conversationsIssuesCluster", cluster)).expect(403);
        api.patch(MALLORY, crPath(cr), Map.of("conversationsIssuesCluster", cluster)).expect(404);
        assertNull(rows.changeRequest(cr).get("conversations_issues_cluster"));
    }

    private String newChangeRequest() {
        return api.post(ALICE, "/spaces/" + space + "/change-requests", Map.of("subject", "CR", "status", "open")).expect(201).text("id");
    }

    private String crPath(String cr) {
        return "/spaces/" + space + "/change-requests/" + cr;
    }

    /** A new cluster of {@code organization}, through the broker, once review has it. */
    private String created(String organization) throws Exception {
        String cluster = Ids.newId();
        Instant at = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        send(InsightsEventTypes.CLUSTER_CREATED, cluster, organization, at);
        awaitCluster(cluster, false, at);
        return cluster;
    }

    private void send(String type, String cluster, String organization, Instant at) throws Exception {
        insights.send(cluster, insights.event(Ids.newId(), type, cluster, at, data(cluster, organization, at)));
    }

    private void apply(String type, String cluster, String organization, Instant at) {
        JsonNode event = insights.event(Ids.newId(), type, cluster, at, data(cluster, organization, at));
        QuarkusTransaction.requiringNew().run(() -> consumer.applyParked(event));
    }

    private static IssuesClusterData data(String cluster, String organization, Instant at) {
        return new IssuesClusterData(cluster, organization, "Login problems", "bug", 3, 2, at, at);
    }

    private void awaitCluster(String cluster, boolean deleted, Instant at) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline) {
            if (rows.count("SELECT count(*) FROM insights_cluster WHERE id = ? AND deleted = ? AND updated_at >= ?",
                    cluster, deleted, java.sql.Timestamp.from(at)) > 0) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("review never applied cluster " + cluster + (deleted ? " deleted" : ""));
    }

    private Instant updatedAt(String cluster) {
        Object v = rows.one("SELECT updated_at FROM insights_cluster WHERE id = ?", cluster).get("updated_at");
        return v instanceof java.sql.Timestamp t ? t.toInstant() : ((java.time.OffsetDateTime) v).toInstant();
    }

    private long updates(String cr) {
        return rows.count("SELECT count(*) FROM outbox_event WHERE type = ? AND aggregate_id = ?",
                ReviewEventTypes.CHANGE_REQUEST_UPDATED, cr);
    }

    private static List<String> ids(Answer list) {
        List<String> out = new ArrayList<>();
        list.expect(200).body().path("items").forEach(i -> out.add(i.path("id").asText()));
        return out;
    }
}
