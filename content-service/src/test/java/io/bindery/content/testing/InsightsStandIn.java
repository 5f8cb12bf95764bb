package io.bindery.content.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import io.bindery.commons.testing.HttpStandIn;
import io.bindery.contracts.insights.EmbeddingSearchResponse;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * insights-service's vector search ({@code POST /internal/embeddings/search}) as content calls it, served over real
 * HTTP: each query answers the hits a test set for it (none otherwise), whatever spaces were asked for, so that
 * a test sees content drop what the caller may not read. The stand-in can be taken down (connection refused) or
 * made slow. Use with {@code @WithTestResource(InsightsStandIn.class)}.
 */
public class InsightsStandIn extends HttpStandIn {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, List<EmbeddingSearchResponse.Hit>> ANSWERS = new ConcurrentHashMap<>();
    /** The bodies received, in order. */
    public static final List<JsonNode> REQUESTS = new CopyOnWriteArrayList<>();
    private static volatile long delayMillis;

    @Override
    protected Map<String, HttpHandler> routes() {
        return Map.of("/internal/embeddings/search", InsightsStandIn::handle);
    }

    @Override
    protected Map<String, String> config(String baseUrl) {
        return Map.of("bindery.insights-url", baseUrl,
                "bindery.content.hybrid-search.enabled", "true",
                // generous for a busy test machine; the slow stand-in waits far longer
                "bindery.content.hybrid-search.timeout", "PT1.5S",
                "io.bindery.content.client.InsightsClient/nearest/Timeout/value", "2000",
                // an open circuit (after a test took insights down) closes again before the next test class
                "io.bindery.content.client.InsightsClient/nearest/CircuitBreaker/delay", "100");
    }

    /** The hits the query answers from now on. */
    public static void answer(String query, EmbeddingSearchResponse.Hit... hits) {
        ANSWERS.put(query, List.of(hits));
    }

    public static EmbeddingSearchResponse.Hit hit(String space, String page, String section, double score) {
        return new EmbeddingSearchResponse.Hit(space, page, section, section, "", "", score);
    }

    /** Insights down: its port refuses connections until {@link #up()}. */
    public static void down() {
        down(InsightsStandIn.class);
    }

    public static void up() {
        delayMillis = 0;
        up(InsightsStandIn.class);
    }

    /** Every answer waits this long first (0: none). */
    public static void slow(long millis) {
        delayMillis = millis;
    }

    private static void handle(HttpExchange ex) throws IOException {
        try (ex) {
            JsonNode body = JSON.readTree(ex.getRequestBody());
            REQUESTS.add(body);
            if (delayMillis > 0) {
                try {
                    Thread.sleep(delayMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            List<EmbeddingSearchResponse.Hit> hits = ANSWERS.getOrDefault(body.path("query").asText(), List.of());
            reply(ex, 200, JSON.writeValueAsString(new EmbeddingSearchResponse(hits)));
        } catch (IOException e) {
            // the caller gave up (timed out): nothing to answer
        }
    }

}
