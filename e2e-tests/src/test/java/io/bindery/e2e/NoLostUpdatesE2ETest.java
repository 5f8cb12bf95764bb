package io.bindery.e2e;

import io.bindery.e2e.E2EFixtures.Client;
import io.bindery.e2e.E2EFixtures.Reply;
import io.bindery.e2e.E2EFixtures.TestOrg;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static io.bindery.e2e.ChangeRequestsE2ETest.changeRequest;
import static io.bindery.e2e.ChangeRequestsE2ETest.changeRequests;
import static io.bindery.e2e.ContentFixtures.createSpace;
import static io.bindery.e2e.ContentFixtures.json;
import static io.bindery.e2e.ContentFixtures.spacePath;
import static io.bindery.e2e.E2EFixtures.changeRequestWithPage;
import static io.bindery.e2e.E2EFixtures.crPath;
import static io.bindery.e2e.E2EFixtures.mainTitles;
import static io.bindery.e2e.E2EFixtures.newTestOrg;
import static io.bindery.e2e.Stack.api;
import static org.hamcrest.Matchers.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Writes that race each other must all land: merges of change requests into one space while the space is
 * renamed, PATCHes of different fields of one space at once, and a change request's subject edited while it
 * merges. Each merge writes its own page, so every merge must succeed and every merged page must be in main.
 */
class NoLostUpdatesE2ETest {
    static final int CHANGE_REQUESTS = 12;
    static final int RENAMERS = 2;
    static final int ROUNDS = 3;

    static TestOrg org;
    static String admin;
    static ExecutorService pool;

    @BeforeAll
    static void organization() {
        org = newTestOrg();
        admin = org.admin().token();
        pool = Executors.newFixedThreadPool(CHANGE_REQUESTS + RENAMERS);
    }

    @AfterAll
    static void stop() {
        pool.shutdownNow();
    }

    static <T> T get(Future<T> f) {
        try {
            return f.get(120, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("a concurrent call did not finish", e);
        }
    }

    /** Submits the task to start when {@code start} opens. */
    static <T> Future<T> whenOpen(CountDownLatch start, Callable<T> task) {
        return pool.submit(() -> {
            start.await();
            return task.call();
        });
    }

    record Rename(String title, int status, long startedAt, long endedAt) {
    }

    @Test
    void concurrentMergesAndRenamesLoseNothing() {
        Client client = new Client();
        for (int round = 1; round <= ROUNDS; round++) {
            String space = createSpace(admin, org.id(), json("title", "Busy " + round));
            List<String> pages = new ArrayList<>();
            List<String> crs = new ArrayList<>();
            for (int i = 0; i < CHANGE_REQUESTS; i++) {
                String page = "Round " + round + " page " + i;
                pages.add(page);
                crs.add(changeRequestWithPage(admin, space, page));
            }

            CountDownLatch start = new CountDownLatch(1);
            AtomicBoolean merging = new AtomicBoolean(true);
            List<Future<Reply>> merges = new ArrayList<>();
            for (String cr : crs) {
                merges.add(whenOpen(start, () -> client.post(admin, crPath(space, cr) + "/merge", null)));
            }
            List<Future<List<Rename>>> renamers = new ArrayList<>();
            for (int k = 0; k < RENAMERS; k++) {
                String prefix = "R" + round + " renamer " + k + " #";
                renamers.add(whenOpen(start, () -> {
                    List<Rename> done = new ArrayList<>();
                    for (int i = 0; merging.get() || i < 3; i++) {
                        String title = prefix + i;
                        long t0 = System.nanoTime();
                        Reply r = client.patch(admin, spacePath(space), json("title", title));
                        done.add(new Rename(title, r.status(), t0, System.nanoTime()));
                    }
                    return done;
                }));
            }
            start.countDown();
            List<Reply> merged = merges.stream().map(NoLostUpdatesE2ETest::get).toList();
            merging.set(false);
            List<List<Rename>> renames = renamers.stream().map(NoLostUpdatesE2ETest::get).toList();

            // every merge answered 200 (each wrote its own page), and every merged page is in main
            List<String> main = mainTitles(admin, space);
            List<String> problems = new ArrayList<>();
            for (int i = 0; i < CHANGE_REQUESTS; i++) {
                Reply r = merged.get(i);
                if (r.status() != 200) {
                    problems.add("merge of " + pages.get(i) + " answered " + r.status() + " " + r.raw());
                } else if (!main.contains(pages.get(i))) {
                    problems.add("merge of " + pages.get(i) + " answered 200 (revision " + r.text("revision")
                            + ") but the page is not in main");
                }
            }
            for (List<Rename> one : renames) {
                for (Rename r : one) {
                    if (r.status() != 200) {
                        problems.add("rename to '" + r.title() + "' answered " + r.status());
                    }
                }
            }
            if (!problems.isEmpty()) {
                fail("round " + round + ": " + problems + "; main has " + main);
            }
            api(admin).get(changeRequests(space) + "?status=merged&limit=1000").then().statusCode(200)
                    .body("count", equalTo(CHANGE_REQUESTS));

            // the title is the last rename: the last one of either renamer, and the later one when they did not overlap
            Rename a = renames.get(0).getLast();
            Rename b = renames.get(1).getLast();
            String title = api(admin).get(spacePath(space)).then().statusCode(200).extract().path("title");
            if (a.endedAt() < b.startedAt()) {
                assertEquals(b.title(), title, "round " + round + ": the last rename");
            } else if (b.endedAt() < a.startedAt()) {
                assertEquals(a.title(), title, "round " + round + ": the last rename");
            } else {
                assertTrue(title.equals(a.title()) || title.equals(b.title()),
                        "round " + round + ": '" + title + "' is one of the last renames " + a.title() + ", " + b.title());
            }
            System.out.printf("[NoLostUpdatesE2ETest] round %d: %d merges, %d renames, title '%s'%n", round, CHANGE_REQUESTS,
                    renames.stream().mapToInt(List::size).sum(), title);
        }
        assertEquals(0, client.serverErrorCount(), "answers ≥ 500: " + client.serverErrors);
    }

    @Test
    void concurrentPatchesOfDifferentFieldsKeepEveryField() {
        Client client = new Client();
        String space = createSpace(admin, org.id(), json("title", "Field race"));
        List<String> emojis = List.of("📘", "🚀", "🔥", "🌲", "🧭", "🎯", "🧪", "📎", "🔔", "🪴");
        List<String> levels = List.of("read", "comment", "edit", "review");
        for (int round = 0; round < 10; round++) {
            String title = "Field race " + round;
            String emoji = emojis.get(round);
            String level = levels.get(round % levels.size());
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Reply>> patches = List.of(
                    whenOpen(start, () -> client.patch(admin, spacePath(space), json("title", title))),
                    whenOpen(start, () -> client.patch(admin, spacePath(space), json("emoji", emoji))),
                    whenOpen(start, () -> client.patch(admin, spacePath(space), json("defaultLevel", level))));
            start.countDown();
            for (Future<Reply> f : patches) {
                Reply r = get(f);
                assertEquals(200, r.status(), "round " + round + ": " + r.raw());
            }
            api(admin).get(spacePath(space)).then().statusCode(200)
                    .body("title", equalTo(title)).body("emoji", equalTo(emoji)).body("defaultLevel", equalTo(level));
        }
        assertEquals(0, client.serverErrorCount(), "answers ≥ 500: " + client.serverErrors);
    }

    @Test
    void aSubjectEditRacingTheMergeKeepsTheChangeRequestMerged() {
        Client client = new Client();
        String space = createSpace(admin, org.id(), json("title", "Subject race"));
        for (int round = 0; round < 8; round++) {
            String page = "Raced page " + round;
            String cr = changeRequestWithPage(admin, space, page);
            String subject = "Renamed while merging " + round;
            CountDownLatch start = new CountDownLatch(1);
            Future<Reply> merge = whenOpen(start, () -> client.post(admin, crPath(space, cr) + "/merge", null));
            Future<Reply> patch = whenOpen(start, () -> client.patch(admin, crPath(space, cr), json("subject", subject)));
            start.countDown();
            Reply merged = get(merge);
            Reply patched = get(patch);
            assertEquals(200, merged.status(), "round " + round + " merge: " + merged.raw());
            assertTrue(List.of(200, 400, 409).contains(patched.status()), "round " + round + " subject edit: " + patched.status()
                    + " " + patched.raw());

            var view = changeRequest(admin, space, cr).then().statusCode(200)
                    .body("status", equalTo("merged")).body("revisionMerged", equalTo(merged.text("revision")));
            if (patched.status() == 200) {
                view.body("subject", equalTo(subject));
            }
            assertTrue(mainTitles(admin, space).contains(page), "round " + round + ": " + page + " in main");
        }
        api(admin).get(changeRequests(space) + "?status=merged").then().body("count", equalTo(8));
        api(admin).get(changeRequests(space) + "?status=open").then().body("count", equalTo(0));
        assertEquals(0, client.serverErrorCount(), "answers ≥ 500: " + client.serverErrors);
    }
}
