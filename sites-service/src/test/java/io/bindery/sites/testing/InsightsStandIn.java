package io.bindery.sites.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import io.bindery.commons.testing.HttpStandIn;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * insights-service's internal agent-instructions read as sites calls it, served over real HTTP from memory: an
 * organization's instructions are what a test sets ({@code ""} otherwise). Use with
 * {@code @WithTestResource(InsightsStandIn.class)}.
 */
public class InsightsStandIn extends HttpStandIn {
    private static final Pattern PATH = Pattern.compile("/internal/orgs/([^/]+)/agent-instructions");
    private static final Map<String, String> INSTRUCTIONS = new ConcurrentHashMap<>();
    /** Reads answered, for tests that check sites keeps them. */
    public static final AtomicInteger READS = new AtomicInteger();

    @Override
    protected Map<String, HttpHandler> routes() {
        return Map.of("/internal/", InsightsStandIn::handle);
    }

    @Override
    protected Map<String, String> config(String baseUrl) {
        return Map.of("bindery.insights-url", baseUrl);
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
}
