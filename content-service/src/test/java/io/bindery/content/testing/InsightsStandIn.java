package io.bindery.content.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.bindery.contracts.insights.EmbeddingSearchResponse;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

/**
 * insights-service's vector search ({@code POST /internal/embeddings/search}) as content calls it, served over real
 * HTTP: each query answers the hits a test set for it (none otherwise), whatever spaces were asked for, so that
 * a test sees content drop what the caller may not read. The stand-in can be taken down (connection refused) or
 * made slow. Use with {@code @WithTestResource(InsightsStandIn.class)}.
 */
public class InsightsStandIn implements QuarkusTestResourceLifecycleManager {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, List<EmbeddingSearchResponse.Hit>> ANSWERS = new ConcurrentHashMap<>();
    /** The bodies received, in order. */
    public static final List<JsonNode> REQUESTS = new CopyOnWriteArrayList<>();
    private static volatile long delayMillis;
    private static HttpServer server;
    private static int port;

    @Override
    public synchronized Map<String, String> start() {
        if (server == null) {
            listen(0);
        }
        return Map.of("bindery.insights-url", "http://127.0.0.1:" + port,
                "bindery.content.hybrid-search.enabled", "true",
                // generous for a busy test machine; the slow stand-in waits far longer
                "bindery.content.hybrid-search.timeout", "PT1.5S",
                "io.bindery.content.client.InsightsClient/nearest/Timeout/value", "2000",
                // an open circuit (after a test took insights down) closes again before the next test class
                "io.bindery.content.client.InsightsClient/nearest/CircuitBreaker/delay", "100");
    }

    @Override
    public void stop() {
        // shared by every test class of the JVM; the daemon threads die with it
    }

    private static synchronized void listen(int at) {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", at), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.setExecutor(Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "insights-stand-in");
            t.setDaemon(true);
            return t;
        }));
        server.createContext("/internal/embeddings/search", InsightsStandIn::handle);
        server.start();
        port = server.getAddress().getPort();
    }

    /** The hits the query answers from now on. */
    public static void answer(String query, EmbeddingSearchResponse.Hit... hits) {
        ANSWERS.put(query, List.of(hits));
    }

    public static EmbeddingSearchResponse.Hit hit(String space, String page, String section, double score) {
        return new EmbeddingSearchResponse.Hit(space, page, section, section, "", "", score);
    }

    /** Insights down: its port refuses connections until {@link #up()}. */
    public static synchronized void down() {
        server.stop(0);
    }

    public static synchronized void up() {
        delayMillis = 0;
        listen(port);
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
            byte[] out = JSON.writeValueAsBytes(new EmbeddingSearchResponse(hits));
            ex.getResponseHeaders().set("Content-Type", "application/json");
            ex.sendResponseHeaders(200, out.length);
            try (OutputStream os = ex.getResponseBody()) {
                os.write(out);
            }
        } catch (IOException e) {
            // the caller gave up (timed out): nothing to answer
        }
    }

}
