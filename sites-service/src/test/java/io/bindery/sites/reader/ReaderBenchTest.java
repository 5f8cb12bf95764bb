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
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;

import static io.bindery.sites.testing.SiteFixtures.as;

/**
 * The HTML reader's throughput, in-process as {@link AgentDocsBenchTest} (a floor: the clients share the JVM and the
 * two cores): a 2,000-page space whose every page has three fenced code blocks (Java, JSON, shell) besides prose and
 * a table. The cold pass renders each page once (markdown, highlighting, template); the warm figures are the kept
 * answers. Run on demand: {@code -Dtest=ReaderBenchTest -Dbench.reader=true}.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(ContentStandIn.class)
@WithTestResource(InsightsStandIn.class)
@EnabledIfSystemProperty(named = "bench.reader", matches = "true")
class ReaderBenchTest {
    static final int TOP = 40;
    static final int CHILDREN = 49;

    @ConfigProperty(name = "quarkus.http.test-port")
    int port;

    @Test
    void htmlPagesPerSecond() throws Exception {
        String org = Ids.newId();
        String admin = SiteFixtures.member(org, "admin");
        String space = ContentStandIn.space(org, "Bench", Set.of(), Set.of(admin));
        String filler = "Some words about the subject of this page, to give it a body of a realistic size. ".repeat(8);
        String code = """
                ```java
                public final class Hello {
                    /** Says hello. */
                    public static void main(String[] args) {
                        String name = args.length > 0 ? args[0] : "world";
                        System.out.println("Hello, " + name + "!"); // greet
                    }
                }
                ```

                ```json
                {"id": 42, "title": "A page", "tags": ["a", "b"], "published": true, "ratio": 0.5}
                ```

                ```bash
                curl -s -H "Authorization: Bearer $TOKEN" https://example.com/v1/orgs | jq '.items[].id'
                ```
                """;
        List<StandInPage> pages = new ArrayList<>();
        for (int i = 0; i < TOP; i++) {
            pages.add(StandInPage.document("Topic " + i, "t" + i, 0, "## Overview\n\n" + filler + "\n\n" + code));
            for (int j = 0; j < CHILDREN; j++) {
                pages.add(StandInPage.document("Topic " + i + " part " + j, "t" + i + "/p" + j, 1,
                        "## Part\n\n" + filler + "\n\n" + code + "\n\n| key | value |\n|---|---|\n| page | " + j + " |"));
            }
        }
        ContentStandIn.revision(space, ContentStandIn.data(space).revision(), pages);
        String site = as(admin).body("{\"title\":\"Bench\",\"spaces\":[\"" + space + "\"]}").post("/v1/orgs/" + org + "/sites")
                .then().statusCode(201).extract().path("id");
        as(admin).post("/v1/orgs/" + org + "/sites/" + site + "/publish").then().statusCode(200);
        String base = "http://127.0.0.1:" + port + "/s/" + site + "/";
        List<URI> uris = pages.stream().map(p -> URI.create(base + p.path())).toList();
        HttpClient client = HttpClient.newBuilder().executor(Executors.newFixedThreadPool(4)).build();

        long start = System.nanoTime();
        int[] cold = AgentDocsBenchTest.run(client, uris, 8, 600_000_000_000L, true);
        report("cold pass (each page rendered once), 8 at a time", cold[0], System.nanoTime() - start, cold[1]);
        AgentDocsBenchTest.run(client, uris, 32, 3_000_000_000L, false); // warm-up
        start = System.nanoTime();
        int[] warm = AgentDocsBenchTest.run(client, uris, 32, 10_000_000_000L, false);
        report("warm, all pages in turn, 32 at a time", warm[0], System.nanoTime() - start, warm[1]);
        Runtime rt = Runtime.getRuntime();
        System.gc();
        System.out.printf("reader bench: heap used after the run %d MB%n", (rt.totalMemory() - rt.freeMemory()) >> 20);
    }

    static void report(String what, int answers, long nanos, int failed) {
        System.out.printf("reader bench: HTML %s: %d pages in %.1f s = %.0f pages/s (%d not 200)%n", what, answers, nanos / 1e9,
                answers / (nanos / 1e9), failed);
    }
}
