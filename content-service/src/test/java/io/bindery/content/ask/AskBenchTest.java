package io.bindery.content.ask;

import io.bindery.commons.ids.Ids;
import io.bindery.commons.testing.TestIdentity;
import io.bindery.content.search.SearchTestPages;
import io.bindery.content.testing.InsightsStandIn;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static io.bindery.content.TestApi.as;
import static io.bindery.content.TestApi.internal;
import static io.bindery.content.TestApi.member;
import static io.bindery.content.testing.InsightsStandIn.hit;

/**
 * Ask's latency, retrieval only, over HTTP in one JVM with client and service (issue 33's target: p50 < 50 ms):
 * {@code -Dtest=AskBenchTest -Dbench.ask=true}. A space of 500 pages; each question matches words of some pages
 * and insights' stand-in answers 20 vector hits for it (its embedding time is not in this figure: the real insights
 * adds its query's embedding, about 1.5 ms of CPU). The org ask and sites' /internal/ask, one request at a time.
 */
@QuarkusTest
@WithTestResource(TestIdentity.class)
@WithTestResource(InsightsStandIn.class)
@EnabledIfSystemProperty(named = "bench.ask", matches = "true")
class AskBenchTest {
    static final int PAGES = 500;
    static final String[] TOPICS = {"billing", "export", "password", "webhook", "domain", "search", "editor", "invite",
            "token", "backup"};

    @Test
    void askLatency() {
        String org = Ids.newId();
        String admin = member(org, "admin");
        String space = as(admin).body("{\"title\":\"Bench\"}").post("/v1/orgs/" + org + "/spaces").then().statusCode(201)
                .extract().path("id");
        List<Map.Entry<String, String>> pages = new ArrayList<>();
        for (int i = 0; i < PAGES; i++) {
            String topic = TOPICS[i % TOPICS.length];
            pages.add(Map.entry("Page " + i + " about " + topic, "# Page " + i + "\n\nHow the " + topic
                    + " works, part " + i + ".\n\n## Details\n\nThe " + topic + " settings are under the menu; step " + i
                    + " explains the " + topic + " limits and what to do when the " + topic + " fails.\n"));
        }
        List<String> ids = SearchTestPages.merged(admin, space, pages);
        List<String> questions = new ArrayList<>();
        for (String topic : TOPICS) {
            String q = "what to do when the " + topic + " fails";
            questions.add(q);
            List<io.bindery.contracts.insights.EmbeddingSearchResponse.Hit> hits = new ArrayList<>();
            for (int k = 0; k < 20; k++) {
                hits.add(hit(space, ids.get((k * 7 + topic.length()) % ids.size()), "details", 0.6 - k * 0.01));
            }
            InsightsStandIn.answer(q, hits.toArray(io.bindery.contracts.insights.EmbeddingSearchResponse.Hit[]::new));
        }
        for (int i = 0; i < 50; i++) { // warm-up
            as(admin).body(Map.of("query", questions.get(i % questions.size()))).post("/v1/orgs/" + org + "/ask").then().statusCode(200);
        }
        report("org ask", time(200, i -> as(admin).body(Map.of("query", questions.get(i % questions.size())))
                .post("/v1/orgs/" + org + "/ask").then().statusCode(200)));
        report("internal ask (sites)", time(200, i -> internal().body(Map.of("spaces", List.of(space), "question",
                questions.get(i % questions.size()), "passages", 5)).post("/internal/ask").then().statusCode(200)));
    }

    private static long[] time(int n, java.util.function.IntConsumer call) {
        long[] t = new long[n];
        for (int i = 0; i < n; i++) {
            long start = System.nanoTime();
            call.accept(i);
            t[i] = System.nanoTime() - start;
        }
        Arrays.sort(t);
        return t;
    }

    private static void report(String what, long[] sorted) {
        System.out.printf("bench ask: %s, %d requests one at a time: p50 %.1f ms, p90 %.1f ms, max %.1f ms%n", what,
                sorted.length, sorted[sorted.length / 2] / 1e6, sorted[sorted.length * 9 / 10] / 1e6,
                sorted[sorted.length - 1] / 1e6);
    }
}
