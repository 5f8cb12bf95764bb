package io.bindery.review;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.agroal.api.AgroalDataSource;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.review.events.ContentEventsConsumer;
import io.bindery.review.events.ContentEventsFeed;
import io.bindery.contracts.review.ReviewEventTypes;
import io.bindery.review.testing.Api;
import io.bindery.review.testing.Api.Answer;
import io.bindery.review.testing.ContentStandIn;
import io.bindery.review.testing.Rows;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.anyOf;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Eight writers at once on one change request or one comment, through the API and the content-events consumer,
 * against the real database, over several rounds: whatever order they land in, nothing any of them wrote is lost
 * and no request fails with a 5xx.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(ContentStandIn.class)
class ConcurrentWritersTest {
    static final int ROUNDS = 6;
    static final ObjectMapper JSON = new ObjectMapper();
    static final List<String> USERS = new ArrayList<>();
    static final ExecutorService THREADS = Executors.newFixedThreadPool(8);

    static {
        for (String name : List.of("alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi")) {
            USERS.add(name + "-" + Ids.newId());
        }
    }

    @TestHTTPResource("/")
    URI base;
    @Inject
    AgroalDataSource db;
    @Inject
    ContentEventsConsumer consumer;

    Api api;
    Rows rows;
    ContentEventsFeed feed;
    String space;

    static String user(int i) {
        return USERS.get(i);
    }

    @BeforeEach
    void setUp() {
        api = new Api(base);
        rows = new Rows(db);
        feed = new ContentEventsFeed(consumer);
        USERS.forEach(u -> TestIdentity.addUser(u, u.substring(0, u.indexOf('-')), u.substring(0, u.indexOf('-')) + "@example.com"));
        space = ContentStandIn.space("org-" + Ids.newId(), USERS.toArray(String[]::new));
    }

    @AfterAll
    static void stopThreads() {
        THREADS.shutdownNow();
    }

    /** Runs the writers together (released at once) and answers their results in order. */
    static List<Object> together(List<Callable<Object>> writers) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Object>> running = new ArrayList<>();
        for (Callable<Object> w : writers) {
            running.add(THREADS.submit(() -> {
                start.await();
                return w.call();
            }));
        }
        start.countDown();
        List<Object> out = new ArrayList<>();
        for (Future<Object> f : running) {
            out.add(f.get(60, TimeUnit.SECONDS));
        }
        return out;
    }

    static void noServerError(List<Object> results) {
        for (Object r : results) {
            if (r instanceof Answer a) {
                assertTrue(a.status() < 500, "a writer failed: " + a.status() + " " + a.body());
            }
        }
    }

    @Test
    void eightWritersOnOneChangeRequestLoseNothing() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            String cr = api.post(user(0), "/spaces/" + space + "/change-requests", Map.of("subject", "Start", "status", "draft"))
                    .expect(201).text("id");
            String path = "/spaces/" + space + "/change-requests/" + cr;
            String subject = "Subject of round " + round;
            Map<String, Object> description = Map.of("object", "document", "nodes", List.of(), "data", Map.of("round", round));
            String head = ContentStandIn.write(cr);
            List<Object> results = together(List.of(
                    () -> api.patch(user(0), path, Map.of("subject", subject)),
                    () -> api.patch(user(1), path, Map.of("description", description)),
                    () -> api.patch(user(2), path, Map.of("status", "open")),
                    () -> api.post(user(3), path + "/merge", Map.of()),
                    () -> api.post(user(4), path + "/requested-reviewers", Map.of("users", List.of(user(7)))),
                    () -> api.post(user(5), path + "/reviews", Map.of("status", "approved")),
                    () -> api.post(user(6), path + "/comments", Map.of("body", Map.of("markdown", "Looks good"))),
                    () -> {
                        feed.branchWritten(space, cr, head, user(7));
                        return "consumed";
                    }));
            noServerError(results);
            Answer statusPatch = (Answer) results.get(2);
            Answer review = (Answer) results.get(5);
            ((Answer) results.get(0)).expect(200);
            ((Answer) results.get(1)).expect(200);
            ((Answer) results.get(3)).expect(200);
            ((Answer) results.get(4)).expect(200);
            ((Answer) results.get(6)).expect(200);
            assertThat("the status PATCH lands before the merge, or is refused after it", statusPatch.status(), anyOf(equalTo(200), equalTo(400)));
            assertThat("a review lands before the merge, or is refused after it", review.status(), anyOf(equalTo(201), equalTo(409)));

            Map<String, Object> row = rows.changeRequest(cr);
            assertEquals("merged", row.get("status"), "round " + round + ": merged is final");
            assertEquals(user(3), row.get("merged_by"));
            assertEquals(ContentStandIn.main(space), row.get("revision_merged"), "round " + round);
            assertEquals(subject, row.get("subject"), "round " + round + ": the subject PATCH was lost");
            assertEquals(round, JSON.readTree(String.valueOf(row.get("description"))).path("data").path("round").asInt(-1),
                    "round " + round + ": the description PATCH was lost");
            assertEquals(1L, rows.count("SELECT count(*) FROM change_request_reviewer WHERE change_request_id = ? AND user_id = ?", cr, user(7)));
            assertEquals(review.status() == 201 ? 1L : 0L,
                    rows.count("SELECT count(*) FROM change_request_review WHERE change_request_id = ? AND reviewer = ?", cr, user(5)));
            assertEquals(1L, rows.count("SELECT count(*) FROM comment WHERE change_request_id = ? AND posted_by = ?", cr, user(6)));
        }
    }

    @Test
    void eightWritersOnOneCommentLoseNothing() throws Exception {
        String thread = "/spaces/" + space + "/comments";
        for (int round = 0; round < ROUNDS; round++) {
            String comment = api.post(user(0), thread, Map.of("body", Map.of("markdown", "Original"))).expect(200).text("id");
            String path = thread + "/" + comment;
            String body = "Edited in round " + round;
            List<Callable<Object>> writers = new ArrayList<>();
            writers.add(() -> api.put(user(0), path, Map.of("body", Map.of("markdown", body))));
            writers.add(() -> api.put(user(1), path, Map.of("resolved", true, "addedReactions", List.of("👀"))));
            writers.add(() -> api.post(user(2), path + "/replies", Map.of("body", Map.of("markdown", "A reply"))));
            for (int u = 3; u < 8; u++) {
                String reactor = user(u);
                writers.add(() -> api.put(reactor, path, Map.of("addedReactions", List.of("👍", "🎉"))));
            }
            List<Object> results = together(writers);
            noServerError(results);
            results.forEach(r -> ((Answer) r).expect(200));

            Map<String, Object> row = rows.comment(comment);
            assertEquals(body, row.get("body"), "round " + round + ": the body edit was lost");
            assertEquals("resolved", row.get("status"), "round " + round + ": the resolve was lost");
            assertEquals(user(1), row.get("resolved_by"));
            JsonNode view = api.get(user(0), path).expect(200).body();
            Map<String, Set<String>> reactions = new LinkedHashMap<>();
            view.path("reactions").forEach(r -> r.path("users").forEach(u ->
                    reactions.computeIfAbsent(r.path("emoji").asText(), e -> new HashSet<>()).add(u.path("user").path("id").asText())));
            assertEquals(Set.of(user(3), user(4), user(5), user(6), user(7)), reactions.get("👍"), "round " + round);
            assertEquals(Set.of(user(3), user(4), user(5), user(6), user(7)), reactions.get("🎉"), "round " + round);
            assertEquals(Set.of(user(1)), reactions.get("👀"), "round " + round);
            assertEquals(1, view.path("replies").asInt(), "round " + round);
        }
    }

    @Test
    void aDeleteRacingReactionsAndRepliesLeavesNothingBehind() throws Exception {
        String thread = "/spaces/" + space + "/comments";
        for (int round = 0; round < ROUNDS; round++) {
            String comment = api.post(user(0), thread, Map.of("body", Map.of("markdown", "Doomed"))).expect(200).text("id");
            String reply = api.post(user(1), thread + "/" + comment + "/replies", Map.of("body", Map.of("markdown", "Doomed reply")))
                    .expect(200).text("id");
            String path = thread + "/" + comment;
            List<Callable<Object>> writers = new ArrayList<>();
            writers.add(() -> api.delete(user(0), path));
            writers.add(() -> api.post(user(1), path + "/replies", Map.of("body", Map.of("markdown", "Another"))));
            writers.add(() -> api.put(user(2), path + "/replies/" + reply, Map.of("addedReactions", List.of("👍"))));
            for (int u = 3; u < 8; u++) {
                String reactor = user(u);
                writers.add(() -> api.put(reactor, path, Map.of("addedReactions", List.of("👍"), "resolved", true)));
            }
            List<Object> results = together(writers);
            noServerError(results);
            ((Answer) results.get(0)).expect(204);
            for (Object r : results.subList(1, results.size())) {
                assertThat(((Answer) r).status(), anyOf(equalTo(200), equalTo(404)));
            }
            assertEquals(0L, rows.count("SELECT count(*) FROM comment WHERE id = ?", comment));
            assertEquals(0L, rows.count("SELECT count(*) FROM comment_reply WHERE comment_id = ?", comment));
            assertEquals(0L, rows.count("SELECT count(*) FROM reaction WHERE target_id IN (?, ?)", comment, reply),
                    "round " + round + ": reactions outlived their comment");
        }
    }

    @Test
    void theNewestCountersOfASpaceAreItsCounts() throws Exception {
        String thread = "/spaces/" + space + "/comments";
        List<String> comments = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            comments.add(api.post(user(0), thread, Map.of("body", Map.of("markdown", "Comment " + i))).expect(200).text("id"));
        }
        List<String> crs = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            crs.add(api.post(user(0), "/spaces/" + space + "/change-requests", Map.of("status", "draft")).expect(201).text("id"));
        }
        List<Callable<Object>> writers = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            String c = comments.get(i);
            String cr = crs.get(i);
            String u = user(i + 1);
            writers.add(() -> api.put(u, thread + "/" + c, Map.of("resolved", true)));
            writers.add(() -> api.patch(u, "/spaces/" + space + "/change-requests/" + cr, Map.of("status", "open")));
        }
        noServerError(together(writers));

        Set<Long> versions = new HashSet<>();
        JsonNode newest = null;
        for (Map<String, Object> r : rows.all("SELECT envelope FROM outbox_event WHERE type = ? AND aggregate_id = ?",
                ReviewEventTypes.SPACE_REVIEW_STATS_UPDATED, space)) {
            JsonNode data = JSON.readTree((String) r.get("envelope")).path("data");
            assertTrue(versions.add(data.path("version").asLong()), "each publication has a version of its own");
            if (newest == null || data.path("version").asLong() > newest.path("version").asLong()) {
                newest = data;
            }
        }
        assertEquals(16, versions.size(), "8 creations and 8 status changes");
        assertEquals(0, newest.path("comments").asLong(), "no open space comment is left");
        assertEquals(4, newest.path("changeRequests").asLong());
        assertEquals(4, newest.path("changeRequestsOpen").asLong());
        assertEquals(0, newest.path("changeRequestsDraft").asLong());
    }
}
