package io.bindery.sites.reader;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.sites.testing.ContentStandIn;
import io.bindery.sites.testing.ContentStandIn.StandInPage;
import io.bindery.sites.testing.InsightsStandIn;
import io.bindery.sites.testing.SiteFixtures;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static io.bindery.sites.testing.SiteFixtures.as;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The agent addresses' throughput, in-process (the client threads share the test JVM and this machine's two shared
 * cores with the service, so the figures are a floor): a 5,000-page space (100 top-level pages with 49 children each)
 * in a public site, content served by the stand-in over HTTP. Prints the cold pass over every page's .md, the warm
 * rate over all pages in turn and over one page, and llms.txt's warm latency. Run on demand:
 * {@code -Dtest=AgentDocsBenchTest -Dbench.agent-docs=true}; issue 31's targets: >= 4,000 .md pages/s warm,
 * llms.txt < 50 ms warm.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(ContentStandIn.class)
@WithTestResource(InsightsStandIn.class)
@EnabledIfSystemProperty(named = "bench.agent-docs", matches = "true")
class AgentDocsBenchTest {
    static final int TOP = 100;
    static final int CHILDREN = 49;
    static final int THREADS = 32;

    @ConfigProperty(name = "quarkus.http.test-port")
    int port;

    @Test
    void mdPagesPerSecondAndLlmsTxtLatency() throws Exception {
        String org = Ids.newId();
        String admin = SiteFixtures.member(org, "admin");
        String space = ContentStandIn.space(org, "Bench", Set.of(), Set.of(admin));
        List<StandInPage> pages = new ArrayList<>();
        String filler = "Some words about the subject of this page, to give it a body of a realistic size. ".repeat(12);
        for (int i = 0; i < TOP; i++) {
            pages.add(StandInPage.document("Topic " + i, "t" + i, 0, "## Overview\n\n" + filler + "\n\n## Details\n\n" + filler));
            for (int j = 0; j < CHILDREN; j++) {
                pages.add(StandInPage.document("Topic " + i + " part " + j, "t" + i + "/p" + j, 1,
                        "## Part\n\n" + filler + "\n\nSee [the topic](/pages/" + pages.get(pages.size() - 1 - j).id() + ").\n\n"
                                + "| key | value |\n|---|---|\n| page | " + j + " |"));
            }
        }
        ContentStandIn.revision(space, ContentStandIn.data(space).revision(), pages);
        String site = as(admin).body("{\"title\":\"Bench\",\"spaces\":[\"" + space + "\"]}").post("/v1/orgs/" + org + "/sites")
                .then().statusCode(201).extract().path("id");
        as(admin).post("/v1/orgs/" + org + "/sites/" + site + "/publish").then().statusCode(200);
        String base = "http://127.0.0.1:" + port + "/s/" + site + "/";
        List<URI> uris = pages.stream().map(p -> URI.create(base + p.path() + ".md")).toList();
        HttpClient client = HttpClient.newBuilder().executor(Executors.newFixedThreadPool(4)).build();

        long start = System.nanoTime();
        int[] cold = run(client, uris, 8, 600_000_000_000L, true);
        report("cold pass, 8 at a time", cold[0], System.nanoTime() - start, cold[1]);
        run(client, uris, THREADS, 3_000_000_000L, false); // warm-up
        start = System.nanoTime();
        int[] warm = run(client, uris, THREADS, 10_000_000_000L, false);
        report("warm, all pages in turn, " + THREADS + " at a time", warm[0], System.nanoTime() - start, warm[1]);
        List<URI> one = List.of(uris.get(uris.size() / 2));
        start = System.nanoTime();
        int[] single = run(client, one, THREADS, 5_000_000_000L, false);
        report("warm, one page, " + THREADS + " at a time", single[0], System.nanoTime() - start, single[1]);

        URI llms = URI.create(base + "llms.txt");
        HttpResponse<String> first = client.send(HttpRequest.newBuilder(llms).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, first.statusCode());
        long[] times = new long[300];
        for (int i = 0; i < times.length; i++) {
            long t = System.nanoTime();
            client.send(HttpRequest.newBuilder(llms).build(), HttpResponse.BodyHandlers.discarding());
            times[i] = System.nanoTime() - t;
            if (i % 100 == 99) {
                Thread.sleep(1100); // past the reader's one-second answers: each hundred starts with a fresh build
            }
        }
        Arrays.sort(times);
        printLlms(first.body().length(), pages.size(), times);

        // MCP search, one at a time (content's search is the stand-in's: a scan of the live revision's markdown)
        URI mcp = URI.create(base + "~gitbook/mcp");
        long[] searches = new long[200];
        for (int i = 0; i < searches.length; i++) {
            HttpRequest call = HttpRequest.newBuilder(mcp).header("Content-Type", "application/json")
                    .header("Accept", "application/json, text/event-stream")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"jsonrpc\":\"2.0\",\"id\":" + i + ",\"method\":\"tools/call\","
                            + "\"params\":{\"name\":\"search\",\"arguments\":{\"query\":\"part " + (i % CHILDREN) + "\"}}}"))
                    .build();
            long t = System.nanoTime();
            HttpResponse<String> answer = client.send(call, HttpResponse.BodyHandlers.ofString());
            searches[i] = System.nanoTime() - t;
            assertEquals(200, answer.statusCode(), answer.body());
        }
        Arrays.sort(searches);
        System.out.printf("agent-docs bench: MCP search, one at a time: p50 %.2f ms, p99 %.2f ms%n", searches[searches.length / 2] / 1e6,
                searches[searches.length * 99 / 100] / 1e6);
    }

    static void printLlms(int bytes, int pages, long[] times) {
        System.out.printf("agent-docs bench: llms.txt (%d bytes, %d pages) warm, one at a time: p50 %.2f ms, p99 %.2f ms, max %.2f ms%n",
                bytes, pages, times[times.length / 2] / 1e6, times[times.length * 99 / 100] / 1e6, times[times.length - 1] / 1e6);
    }

    /** {@code threads} clients going through {@code uris} in turn until {@code nanos} passed (or once each): {answers, non-200s}. */
    static int[] run(HttpClient client, List<URI> uris, int threads, long nanos, boolean once) throws Exception {
        AtomicInteger next = new AtomicInteger();
        AtomicInteger done = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        long until = System.nanoTime() + nanos;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<?>> futures = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            futures.add(pool.submit(() -> {
                while (System.nanoTime() < until) {
                    int n = next.getAndIncrement();
                    if (once && n >= uris.size()) {
                        return null;
                    }
                    HttpResponse<Void> r = client.send(HttpRequest.newBuilder(uris.get(n % uris.size())).build(),
                            HttpResponse.BodyHandlers.discarding());
                    done.incrementAndGet();
                    if (r.statusCode() != 200) {
                        failed.incrementAndGet();
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : futures) {
            f.get();
        }
        pool.shutdown();
        return new int[]{done.get(), failed.get()};
    }

    static void report(String what, int answers, long nanos, int failed) {
        System.out.printf("agent-docs bench: .md %s: %d pages in %.1f s = %.0f pages/s (%d not 200)%n", what, answers, nanos / 1e9,
                answers / (nanos / 1e9), failed);
    }
}
