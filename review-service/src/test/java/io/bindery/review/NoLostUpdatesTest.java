package io.bindery.review;

import io.agroal.api.AgroalDataSource;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.review.events.ContentEventsConsumer;
import io.bindery.review.events.ContentEventsFeed;
import io.bindery.review.testing.Api;
import io.bindery.review.testing.Api.Answer;
import io.bindery.review.testing.CompetingTransaction;
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
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * Each read-modify-write of review against the other writer of the same row, with the interleaving that loses an
 * update pinned down: the other writer (a raw JDBC transaction, content's stand-in, or the content-events consumer)
 * holds or moves the row while the request under test reads it, and commits before that request writes.
 * Nothing either side wrote may be lost, and a decision (a status move, a reaction, a reply) is taken on the row
 * as it is once the other side has committed.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(ContentStandIn.class)
class NoLostUpdatesTest {
    static final Duration BLOCKED = Duration.ofSeconds(10);
    static final String ALICE = "alice-" + Ids.newId();
    static final String BOB = "bob-" + Ids.newId();
    static final ExecutorService THREADS = Executors.newCachedThreadPool();

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

    @BeforeEach
    void setUp() {
        api = new Api(base);
        rows = new Rows(db);
        feed = new ContentEventsFeed(consumer);
        TestIdentity.addUser(ALICE, "Alice", "alice@example.com");
        TestIdentity.addUser(BOB, "Bob", "bob@example.com");
        space = ContentStandIn.space("org-" + Ids.newId(), ALICE, BOB);
    }

    @AfterAll
    static void stopThreads() {
        THREADS.shutdownNow();
    }

    String changeRequest(String status) {
        return api.post(ALICE, "/spaces/" + space + "/change-requests", Map.of("subject", "First subject", "status", status))
                .expect(201).text("id");
    }

    String crPath(String cr) {
        return "/spaces/" + space + "/change-requests/" + cr;
    }

    String comment(String path) {
        return api.post(ALICE, path, Map.of("body", Map.of("markdown", "First body"))).expect(200).text("id");
    }

    static <T> Future<T> async(Callable<T> call) {
        return THREADS.submit(call);
    }

    static Answer await(Future<Answer> answer) throws Exception {
        return answer.get(30, TimeUnit.SECONDS);
    }

    /** Marks the change request merged the way ChangeRequestMerger records it, in the competing transaction. */
    static void recordMerge(CompetingTransaction other, String cr) throws SQLException {
        other.execute("UPDATE change_request SET status = 'merged', revision_merged = 'rev-merged', revision = 'rev-head', "
                + "outdated = FALSE, merged_at = now(), merged_by = ?, updated_at = now() WHERE id = ?", BOB, cr);
    }

    // --- change requests

    @Test
    void patchOfTheStatusBehindARecordedMergeIsRefusedAndTheMergeStays() throws Exception {
        String cr = changeRequest("draft");
        Answer patched;
        try (CompetingTransaction merge = new CompetingTransaction(db)) {
            merge.execute("SELECT id FROM change_request WHERE id = ? FOR UPDATE", cr);
            Future<Answer> patch = async(() -> api.patch(ALICE, crPath(cr), Map.of("status", "open", "subject", "Reopened")));
            merge.awaitBlocked(BLOCKED);
            recordMerge(merge, cr);
            merge.commit();
            patched = await(patch);
        }
        assertEquals(400, patched.status(), patched.body().toString());
        assertThat(patched.body().path("error").path("message").asText(), containsString("a merged change request is final"));
        Map<String, Object> row = rows.changeRequest(cr);
        assertEquals("merged", row.get("status"));
        assertEquals("rev-merged", row.get("revision_merged"));
        assertEquals(BOB, row.get("merged_by"));
        assertEquals("First subject", row.get("subject"), "a refused PATCH changes nothing");
    }

    @Test
    void patchOfSubjectAndDescriptionBehindARecordedMergeKeepsBoth() throws Exception {
        String cr = changeRequest("open");
        Map<String, Object> document = Map.of("object", "document", "nodes", List.of());
        Answer patched;
        try (CompetingTransaction merge = new CompetingTransaction(db)) {
            merge.execute("SELECT id FROM change_request WHERE id = ? FOR UPDATE", cr);
            Future<Answer> patch = async(() -> api.patch(ALICE, crPath(cr), Map.of("subject", "Renamed", "description", document)));
            merge.awaitBlocked(BLOCKED);
            recordMerge(merge, cr);
            merge.commit();
            patched = await(patch).expect(200);
        }
        assertEquals("merged", patched.text("status"), "the answer shows the row as written");
        Map<String, Object> row = rows.changeRequest(cr);
        assertEquals("merged", row.get("status"));
        assertEquals("rev-merged", row.get("revision_merged"));
        assertEquals("rev-head", row.get("revision"));
        assertEquals("Renamed", row.get("subject"));
        assertThat(String.valueOf(row.get("description")), containsString("\"document\""));
    }

    @Test
    void patchBehindTheContentEventsConsumerKeepsHeadAndOutdated() throws Exception {
        String cr = changeRequest("open");
        try (CompetingTransaction consumer = new CompetingTransaction(db)) {
            consumer.execute("SELECT id FROM change_request WHERE id = ? FOR UPDATE", cr);
            Future<Answer> patch = async(() -> api.patch(ALICE, crPath(cr), Map.of("subject", "Renamed")));
            consumer.awaitBlocked(BLOCKED);
            consumer.execute("UPDATE change_request SET revision = 'rev-new-head', outdated = TRUE WHERE id = ?", cr);
            consumer.commit();
            await(patch).expect(200);
        }
        Map<String, Object> row = rows.changeRequest(cr);
        assertEquals("rev-new-head", row.get("revision"));
        assertEquals(Boolean.TRUE, row.get("outdated"));
        assertEquals("Renamed", row.get("subject"));
    }

    @Test
    void mergeRecordedBehindAPatchKeepsThePatch() throws Exception {
        String cr = changeRequest("open");
        try (CompetingTransaction patch = new CompetingTransaction(db)) {
            patch.execute("SELECT id FROM change_request WHERE id = ? FOR UPDATE", cr);
            Future<Answer> merge = async(() -> api.post(BOB, crPath(cr) + "/merge", Map.of()));
            patch.awaitBlocked(BLOCKED);
            patch.execute("UPDATE change_request SET subject = 'Renamed while merging', description = '{\"object\":\"document\",\"nodes\":[]}' WHERE id = ?", cr);
            patch.commit();
            await(merge).expect(200);
        }
        Map<String, Object> row = rows.changeRequest(cr);
        assertEquals("merged", row.get("status"));
        assertEquals(BOB, row.get("merged_by"));
        assertEquals("Renamed while merging", row.get("subject"));
        assertThat(String.valueOf(row.get("description")), containsString("document"));
    }

    @Test
    void statusPatchedWhileContentMergesEndsMerged() {
        String cr = changeRequest("open");
        ContentStandIn.duringMerge(cr, b -> api.patch(ALICE, crPath(cr), Map.of("status", "draft")).expect(200));
        api.post(BOB, crPath(cr) + "/merge", Map.of()).expect(200);
        assertEquals("merged", rows.changeRequest(cr).get("status"), "merged is final");
        api.patch(ALICE, crPath(cr), Map.of("status", "open")).expect(400);
        assertEquals("merged", rows.changeRequest(cr).get("status"));
    }

    @Test
    void updateRecordedAfterMainMovedAgainStaysOutdated() {
        String cr = changeRequest("open");
        String m1 = ContentStandIn.moveMain(space);
        feed.mainMoved(space, m1);
        assertEquals(Boolean.TRUE, rows.changeRequest(cr).get("outdated"));
        // content brings m1 in and answers "not outdated"; before review records that, main moves on and the
        // consumer marks the change request outdated again
        ContentStandIn.duringUpdate(cr, b -> feed.mainMoved(space, ContentStandIn.moveMain(space)));
        Answer updated = api.post(ALICE, crPath(cr) + "/update", Map.of()).expect(200);
        Map<String, Object> row = rows.changeRequest(cr);
        assertEquals(updated.text("revision"), row.get("revision"));
        assertEquals(m1, row.get("revision_merged_ancestor"));
        assertEquals(Boolean.TRUE, row.get("outdated"), "main moved after the update: still outdated");
    }

    @Test
    void updateRecordedWithTheConsumerBehindTrustsContent() {
        String cr = changeRequest("open");
        String m1 = ContentStandIn.moveMain(space); // the consumer has not seen it yet
        api.post(ALICE, crPath(cr) + "/update", Map.of()).expect(200);
        Map<String, Object> row = rows.changeRequest(cr);
        assertEquals(m1, row.get("revision_merged_ancestor"));
        assertEquals(Boolean.FALSE, row.get("outdated"));
        feed.mainMoved(space, m1); // late: the event of the main the update brought in
        assertEquals(Boolean.FALSE, rows.changeRequest(cr).get("outdated"));
    }

    @Test
    void updateRecordedAfterANewerHeadKeepsTheNewerHead() {
        String cr = changeRequest("open");
        String m1 = ContentStandIn.moveMain(space);
        feed.mainMoved(space, m1);
        String[] newer = new String[1];
        ContentStandIn.duringUpdate(cr, b -> {
            newer[0] = ContentStandIn.write(cr);
            feed.branchWritten(space, cr, newer[0], BOB);
        });
        Answer updated = api.post(ALICE, crPath(cr) + "/update", Map.of()).expect(200);
        assertNotEquals(newer[0], updated.text("revision"));
        Map<String, Object> row = rows.changeRequest(cr);
        assertEquals(newer[0], row.get("revision"), "the head written after the update stays");
        assertEquals(m1, row.get("revision_merged_ancestor"), "the update's ancestor is recorded all the same");
        assertEquals(Boolean.FALSE, row.get("outdated"));
        assertEquals(1L, rows.count("SELECT count FROM change_request_contributor WHERE change_request_id = ? AND user_id = ?", cr, BOB));
    }

    @Test
    void updateRecordedAfterALaterUpdateKeepsTheLaterOne() {
        String cr = changeRequest("open");
        ContentStandIn.moveMain(space);
        String[] later = new String[2];
        // while content answers the first update, main moves again and a second update runs to its end
        ContentStandIn.duringUpdate(cr, b -> {
            later[1] = ContentStandIn.moveMain(space);
            feed.mainMoved(space, later[1]);
            later[0] = api.post(BOB, crPath(cr) + "/update", Map.of()).expect(200).text("revision");
        });
        Answer first = api.post(ALICE, crPath(cr) + "/update", Map.of()).expect(200);
        assertNotEquals(later[0], first.text("revision"));
        Map<String, Object> row = rows.changeRequest(cr);
        assertEquals(later[0], row.get("revision"));
        assertEquals(later[1], row.get("revision_merged_ancestor"));
        assertEquals(Boolean.FALSE, row.get("outdated"));
    }

    @Test
    void changeRequestCreatedWhileMainMovesIsOutdated() {
        ContentStandIn.duringCreate(space, b -> feed.mainMoved(space, ContentStandIn.moveMain(space)));
        String cr = changeRequest("open");
        assertEquals(Boolean.TRUE, rows.changeRequest(cr).get("outdated"));
    }

    @Test
    void reviewBehindARecordedMergeIsAConflict() throws Exception {
        String cr = changeRequest("open");
        Answer reviewed;
        try (CompetingTransaction merge = new CompetingTransaction(db)) {
            merge.execute("SELECT id FROM change_request WHERE id = ? FOR UPDATE", cr);
            Future<Answer> review = async(() -> api.post(BOB, crPath(cr) + "/reviews", Map.of("status", "approved")));
            merge.awaitBlocked(BLOCKED);
            recordMerge(merge, cr);
            merge.commit();
            reviewed = await(review);
        }
        assertEquals(409, reviewed.status(), reviewed.body().toString());
        assertEquals(0L, rows.count("SELECT count(*) FROM change_request_review WHERE change_request_id = ?", cr));
    }

    @Test
    void reviewersRequestedBehindARecordedMergeKeepTheMerge() throws Exception {
        String cr = changeRequest("open");
        try (CompetingTransaction merge = new CompetingTransaction(db)) {
            merge.execute("SELECT id FROM change_request WHERE id = ? FOR UPDATE", cr);
            Future<Answer> request = async(() -> api.post(ALICE, crPath(cr) + "/requested-reviewers",
                    Map.of("users", List.of(BOB), "subject", "Please review")));
            merge.awaitBlocked(BLOCKED);
            recordMerge(merge, cr);
            merge.commit();
            await(request).expect(200);
        }
        Map<String, Object> row = rows.changeRequest(cr);
        assertEquals("merged", row.get("status"));
        assertEquals("rev-merged", row.get("revision_merged"));
        assertEquals("Please review", row.get("subject"));
    }

    // --- comments and replies

    @Test
    void bodyEditedBehindAResolveKeepsTheResolve() throws Exception {
        String thread = "/spaces/" + space + "/comments";
        String comment = comment(thread);
        try (CompetingTransaction resolve = new CompetingTransaction(db)) {
            resolve.execute("SELECT id FROM comment WHERE id = ? FOR UPDATE", comment);
            Future<Answer> edit = async(() -> api.put(ALICE, thread + "/" + comment, Map.of("body", Map.of("markdown", "Edited body"))));
            resolve.awaitBlocked(BLOCKED);
            resolve.execute("UPDATE comment SET status = 'resolved', resolved_at = now(), resolved_by = ? WHERE id = ?", BOB, comment);
            resolve.commit();
            await(edit).expect(200);
        }
        Map<String, Object> row = rows.comment(comment);
        assertEquals("Edited body", row.get("body"));
        assertEquals("resolved", row.get("status"));
        assertEquals(BOB, row.get("resolved_by"));
    }

    @Test
    void reopenBehindAResolveIsApplied() throws Exception {
        String thread = "/spaces/" + space + "/comments";
        String comment = comment(thread);
        try (CompetingTransaction resolve = new CompetingTransaction(db)) {
            resolve.execute("SELECT id FROM comment WHERE id = ? FOR UPDATE", comment);
            Future<Answer> reopen = async(() -> api.put(BOB, thread + "/" + comment, Map.of("resolved", false)));
            resolve.awaitBlocked(BLOCKED);
            resolve.execute("UPDATE comment SET status = 'resolved', resolved_at = now(), resolved_by = ? WHERE id = ?", BOB, comment);
            resolve.commit();
            assertEquals("open", await(reopen).expect(200).text("status"));
        }
        Map<String, Object> row = rows.comment(comment);
        assertEquals("open", row.get("status"), "reopening was decided on the resolved comment");
        assertEquals(null, row.get("resolved_by"));
    }

    @Test
    void reactionBehindADeleteLeavesNoOrphan() throws Exception {
        String thread = "/spaces/" + space + "/comments";
        String comment = comment(thread);
        try (CompetingTransaction delete = new CompetingTransaction(db)) {
            delete.execute("SELECT id FROM comment WHERE id = ? FOR UPDATE", comment);
            Future<Answer> react = async(() -> api.put(BOB, thread + "/" + comment, Map.of("addedReactions", List.of("🎉"))));
            delete.awaitBlocked(BLOCKED);
            delete.execute("DELETE FROM reaction WHERE target_id = ?", comment);
            delete.execute("DELETE FROM comment WHERE id = ?", comment);
            delete.commit();
            assertEquals(404, await(react).status());
        }
        assertEquals(0L, rows.count("SELECT count(*) FROM reaction WHERE target_id = ?", comment));
    }

    @Test
    void replyBehindACommentDeleteIsNotFound() throws Exception {
        String thread = "/spaces/" + space + "/comments";
        String comment = comment(thread);
        try (CompetingTransaction delete = new CompetingTransaction(db)) {
            delete.execute("SELECT id FROM comment WHERE id = ? FOR UPDATE", comment);
            Future<Answer> reply = async(() -> api.post(BOB, thread + "/" + comment + "/replies", Map.of("body", Map.of("markdown", "Late"))));
            delete.awaitBlocked(BLOCKED);
            delete.execute("DELETE FROM comment WHERE id = ?", comment);
            delete.commit();
            Answer answer = await(reply);
            assertEquals(404, answer.status(), answer.body().toString());
        }
    }

    @Test
    void replyEditBehindAReplyDeleteIsNotFound() throws Exception {
        String thread = "/spaces/" + space + "/comments";
        String comment = comment(thread);
        String reply = api.post(ALICE, thread + "/" + comment + "/replies", Map.of("body", Map.of("markdown", "Reply")))
                .expect(200).text("id");
        try (CompetingTransaction delete = new CompetingTransaction(db)) {
            delete.execute("SELECT id FROM comment_reply WHERE id = ? FOR UPDATE", reply);
            Future<Answer> edit = async(() -> api.put(ALICE, thread + "/" + comment + "/replies/" + reply,
                    Map.of("body", Map.of("markdown", "Edited"), "addedReactions", List.of("👍"))));
            delete.awaitBlocked(BLOCKED);
            delete.execute("DELETE FROM comment_reply WHERE id = ?", reply);
            delete.commit();
            Answer answer = await(edit);
            assertEquals(404, answer.status(), answer.body().toString());
        }
        assertEquals(0L, rows.count("SELECT count(*) FROM reaction WHERE target_id = ?", reply));
    }
}
