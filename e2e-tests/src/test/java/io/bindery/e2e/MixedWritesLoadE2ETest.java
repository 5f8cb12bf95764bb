package io.bindery.e2e;

import io.bindery.e2e.E2EFixtures.Client;
import io.bindery.e2e.E2EFixtures.Reply;
import io.bindery.e2e.E2EFixtures.TestOrg;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

import static io.bindery.e2e.ChangeRequestsE2ETest.changeRequests;
import static io.bindery.e2e.ContentFixtures.createSpace;
import static io.bindery.e2e.ContentFixtures.json;
import static io.bindery.e2e.ContentFixtures.insertPage;
import static io.bindery.e2e.ContentFixtures.spacePath;
import static io.bindery.e2e.E2EFixtures.crPath;
import static io.bindery.e2e.E2EFixtures.mainTitles;
import static io.bindery.e2e.E2EFixtures.newTestOrg;
import static io.bindery.e2e.E2EFixtures.within;
import static io.bindery.e2e.Stack.api;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A mixed write load: 16 clients for BINDERY_E2E_LOAD_SECONDS (system property bindery.e2e.load.seconds, or the
 * environment variable; default 60) each open change requests, write a page into each, comment on it and merge
 * it (some are left open or draft), alternately in one shared space and in a space of its own, with space
 * comments now and then and renames of the shared space in between. Each change request writes its own page,
 * so no merge may conflict. Afterwards: no answer ≥ 500, every request answered as expected, every merged page
 * in main, the last rename is the shared space's title, and each space's counters (changeRequests,
 * changeRequestsOpen, changeRequestsDraft, comments) equal what its lists say and what the clients did.
 * Prints one summary line ("[MixedWritesLoad] …"); bench/mixed-writes.sh runs it against a dev stack.
 */
class MixedWritesLoadE2ETest {
    static final int THREADS = 16;

    static int seconds() {
        String v = System.getProperty("bindery.e2e.load.seconds");
        if (v == null || v.isBlank()) {
            v = System.getenv("BINDERY_E2E_LOAD_SECONDS");
        }
        return v == null || v.isBlank() ? 60 : Integer.parseInt(v.trim());
    }

    /** What the clients did in one space; compared with its lists and counters at the end. */
    static final class Tally {
        final LongAdder created = new LongAdder();
        final LongAdder leftOpen = new LongAdder();
        final LongAdder leftDraft = new LongAdder();
        final LongAdder merged = new LongAdder();
        final LongAdder openSpaceComments = new LongAdder();
        final Queue<String> mergedPages = new ConcurrentLinkedQueue<>();
    }

    record LastRename(String title, long startedAt, long endedAt) {
    }

    final Client client = new Client();
    final Map<String, Tally> tallies = new ConcurrentHashMap<>();
    final Queue<String> unexpected = new ConcurrentLinkedQueue<>();
    final LongAdder unexpectedCount = new LongAdder();
    final LongAdder mergeAttempts = new LongAdder();
    /** Each client's last successful rename of the shared space. */
    final Map<Integer, LastRename> lastRenames = new ConcurrentHashMap<>();

    /** The answer had the expected status; otherwise it is noted (and the caller skips the rest of its iteration). */
    boolean expect(int status, Reply r, String what) {
        if (r.status() == status) {
            return true;
        }
        unexpectedCount.increment();
        if (unexpected.size() < 30) {
            unexpected.add(what + ": " + r.status() + " " + (r.raw().length() > 200 ? r.raw().substring(0, 200) : r.raw()));
        }
        return false;
    }

    @Test
    void sixteenClientsOpenWriteCommentAndMergeWithoutErrorsOrLostPages() throws Exception {
        int seconds = seconds();
        TestOrg org = newTestOrg();
        String token = org.admin().token();
        String shared = createSpace(token, org.id(), json("title", "Shared load"));
        tallies.put(shared, new Tally());
        List<String> own = new ArrayList<>();
        for (int k = 0; k < THREADS; k++) {
            String s = createSpace(token, org.id(), json("title", "Load client " + k));
            own.add(s);
            tallies.put(s, new Tally());
        }

        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        long t0 = System.nanoTime();
        long deadline = t0 + TimeUnit.SECONDS.toNanos(seconds);
        List<Future<Integer>> clients = new ArrayList<>();
        for (int k = 0; k < THREADS; k++) {
            int no = k;
            // half the clients start in the shared space, half in their own
            String first = no % 2 == 0 ? shared : own.get(no);
            String second = no % 2 == 0 ? own.get(no) : shared;
            clients.add(pool.submit(() -> run(token, no, first, second, shared, deadline)));
        }
        int iterations = 0;
        for (Future<Integer> f : clients) {
            iterations += f.get(seconds + 300L, TimeUnit.SECONDS);
        }
        double elapsed = (System.nanoTime() - t0) / 1e9;
        pool.shutdown();

        long merges = tallies.values().stream().mapToLong(t -> t.merged.sum()).sum();
        String summary = String.format("[MixedWritesLoad] %d s, %d clients: %d iterations, %d requests (%.1f req/s), by status %s,"
                        + " merges %d ok of %d, unexpected %d, spaces %d",
                seconds, THREADS, iterations, client.requests(), client.requests() / elapsed, client.byStatus(), merges,
                mergeAttempts.sum(), unexpectedCount.sum(), tallies.size());
        System.out.println(summary);

        assertEquals(0, client.serverErrorCount(), "answers ≥ 500 " + client.byStatus() + ": " + client.serverErrors);
        assertEquals(0, unexpectedCount.sum(), "unexpected answers: " + unexpected);
        assertTrue(merges > 0, "some merges happened");

        // every page whose merge answered 200 is in main
        for (Map.Entry<String, Tally> e : tallies.entrySet()) {
            List<String> main = mainTitles(token, e.getKey());
            List<String> lost = e.getValue().mergedPages.stream().filter(p -> !main.contains(p)).toList();
            assertTrue(lost.isEmpty(), "merged (200) but not in main of " + e.getKey() + ": " + lost);
        }

        // the shared space's title is the last rename: a client's last one that no other rename certainly followed
        // (one that started after it had answered)
        String title = api(token).get(spacePath(shared)).then().statusCode(200).extract().path("title");
        List<LastRename> renames = List.copyOf(lastRenames.values());
        List<String> candidates = renames.stream()
                .filter(x -> renames.stream().noneMatch(y -> y.startedAt() > x.endedAt()))
                .map(LastRename::title).toList();
        assertTrue(renames.isEmpty() || candidates.contains(title), "title '" + title + "' is one of the last renames " + candidates);

        // counters follow review's events: they settle on what the lists say, and the lists on what the clients did
        for (Map.Entry<String, Tally> e : tallies.entrySet()) {
            String s = e.getKey();
            Tally t = e.getValue();
            within(Duration.ofSeconds(15), () -> {
                int open = listCount(token, changeRequests(s) + "?status=open");
                int draft = listCount(token, changeRequests(s) + "?status=draft");
                int merged = listCount(token, changeRequests(s) + "?status=merged");
                int archived = listCount(token, changeRequests(s) + "?status=archived");
                int comments = listCount(token, spacePath(s) + "/comments?status=open");
                var space = api(token).get(spacePath(s)).then().statusCode(200).extract();
                String where = "space " + s + " (" + space.path("title") + ")";
                assertEquals(open + draft + merged + archived, (int) space.path("changeRequests"), where + " changeRequests");
                assertEquals(open, (int) space.path("changeRequestsOpen"), where + " changeRequestsOpen");
                assertEquals(draft, (int) space.path("changeRequestsDraft"), where + " changeRequestsDraft");
                assertEquals(comments, (int) space.path("comments"), where + " comments");
                assertEquals(t.created.sum(), open + draft + merged + archived, where + ": change requests created");
                assertEquals(t.leftOpen.sum(), open, where + ": left open");
                assertEquals(t.leftDraft.sum(), draft, where + ": left draft");
                assertEquals(t.merged.sum(), merged, where + ": merged");
                assertEquals(t.openSpaceComments.sum(), comments, where + ": open space comments");
            });
        }
    }

    static int listCount(String token, String path) {
        return api(token).get(path).then().statusCode(200).extract().path("count");
    }

    /**
     * One client's loop until the deadline; returns its number of iterations. Even iterations work in {@code first},
     * odd ones in {@code second}; every fourth renames the shared space.
     */
    int run(String token, int clientNo, String first, String second, String shared, long deadline) {
        int i = 0;
        for (; System.nanoTime() < deadline; i++) {
            String space = i % 2 == 0 ? first : second;
            Tally tally = tallies.get(space);
            String page = "Client " + clientNo + " page " + i;
            int kind = (i / 2) % 6; // per space in turn, 0-3: merged; 4: left open; 5: left draft
            Reply created = call(token, "POST", changeRequests(space),
                    json("subject", page, "status", kind == 5 ? "draft" : "open"));
            if (!expect(201, created, "create in " + space)) {
                continue;
            }
            tally.created.increment();
            String cr = created.text("id");
            if (kind == 4) {
                tally.leftOpen.increment();
            } else if (kind == 5) {
                tally.leftDraft.increment();
            }
            boolean wrote = expect(200, call(token, "POST", crPath(space, cr) + "/content",
                    json("changes", List.of(insertPage(page, "# " + page + "\n\nWritten under load by client " + clientNo + ".\n")))),
                    "write " + page);
            expect(200, call(token, "POST", crPath(space, cr) + "/comments",
                    json("body", json("markdown", "Looks fine, " + page))), "comment on " + page);
            if (kind < 4 && wrote) {
                mergeAttempts.increment();
                Reply merged = call(token, "POST", crPath(space, cr) + "/merge", null);
                if (expect(200, merged, "merge " + page)) {
                    tally.merged.increment();
                    tally.mergedPages.add(page);
                }
            } else if (kind < 4) {
                // not written: still counted as an open change request (it was created open)
                tally.leftOpen.increment();
            }
            if (i % 3 == 2) {
                Reply comment = call(token, "POST", spacePath(space) + "/comments",
                        json("body", json("markdown", "A space comment from client " + clientNo)));
                if (expect(200, comment, "space comment")) {
                    tally.openSpaceComments.increment();
                    if (i % 9 == 8 && expect(200, call(token, "PUT", spacePath(space) + "/comments/" + comment.text("id"),
                            json("resolved", true)), "resolve a space comment")) {
                        tally.openSpaceComments.decrement();
                    }
                }
            }
            if (i % 4 == 3) {
                String title = "Shared load " + clientNo + "/" + i;
                long started = System.nanoTime();
                if (expect(200, call(token, "PATCH", spacePath(shared), json("title", title)), "rename the shared space")) {
                    lastRenames.put(clientNo, new LastRename(title, started, System.nanoTime()));
                }
            }
        }
        return i;
    }

    private Reply call(String token, String method, String path, Object body) {
        return client.send(token, method, path, body);
    }
}
