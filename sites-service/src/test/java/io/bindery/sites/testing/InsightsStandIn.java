package io.bindery.sites.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * insights-service's internal agent-instructions read as sites calls it, served over real HTTP from memory: an
 * organization's instructions are what a test sets ({@code ""} otherwise). Use with
 * {@code @WithTestResource(InsightsStandIn.class)}.
 */
public class InsightsStandIn implements QuarkusTestResourceLifecycleManager {
    private static final Pattern PATH = Pattern.compile("/internal/orgs/([^/]+)/agent-instructions");
    private static final Map<String, String> INSTRUCTIONS = new ConcurrentHashMap<>();
    /** Reads answered, for tests that check sites keeps them. */
    public static final AtomicInteger READS = new AtomicInteger();
    private static HttpServer server;

    @Override
    public synchronized Map<String, String> start() {
        try {
            if (server == null) {
                server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
                server.setExecutor(Executors.newFixedThreadPool(2));
                server.createContext("/internal/", InsightsStandIn::handle);
                server.start();
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return Map.of("bindery.insights-url", "http://127.0.0.1:" + server.getAddress().getPort());
    }

    @Override
    public void stop() {
        // shared by every test class of the run; the JVM's exit closes it
    }

    /** The organization's agent instructions, as markdown. */
    public static void instructions(String org, String markdown) {
        INSTRUCTIONS.put(org, markdown);
    }

    private static void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            Matcher m = PATH.matcher(exchange.getRequestURI().getPath());
            if (!m.matches() || !"GET".equals(exchange.getRequestMethod())) {
                reply(exchange, 404, "{\"error\":{\"code\":404,\"message\":\"no such internal route\"}}");
                return;
            }
            READS.incrementAndGet();
            String markdown = INSTRUCTIONS.getOrDefault(m.group(1), "");
            reply(exchange, 200, "{\"organization\":\"" + m.group(1) + "\",\"markdown\":"
                    + new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(markdown) + "}");
        }
    }

    private static void reply(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
