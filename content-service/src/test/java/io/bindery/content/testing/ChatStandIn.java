package io.bindery.content.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import io.bindery.commons.testing.HttpStandIn;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An OpenAI-compatible chat endpoint ({@code POST /v1/chat/completions}, the shape Ollama and vLLM speak too) over
 * real HTTP, for ask's answer writer: it answers {@link #reply} as the assistant's message, or fails (500), or is
 * slower than the writer's timeout. Use with {@code @WithTestResource(ChatStandIn.class)}.
 */
public class ChatStandIn extends HttpStandIn {
    private static final ObjectMapper JSON = new ObjectMapper();
    public enum Mode { ANSWER, FAIL, SLOW }

    public static volatile Mode mode = Mode.ANSWER;
    public static volatile String reply = "";
    /** The bodies received, in order. */
    public static final List<JsonNode> REQUESTS = new CopyOnWriteArrayList<>();

    @Override
    protected Map<String, HttpHandler> routes() {
        return Map.of("/v1/chat/completions", ChatStandIn::handle);
    }

    @Override
    protected Map<String, String> config(String baseUrl) {
        return Map.of("bindery.ask.writer.base-url", baseUrl + "/v1",
                "bindery.ask.writer.model", "stand-in", "bindery.ask.writer.api-key", "test-key",
                "bindery.ask.writer.timeout", "PT1S");
    }

    private static void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            JsonNode body = JSON.readTree(exchange.getRequestBody());
            REQUESTS.add(body);
            if (!"POST".equals(exchange.getRequestMethod())
                    || !"Bearer test-key".equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
                reply(exchange, 401, "{\"error\":{\"message\":\"unauthorized\"}}");
                return;
            }
            switch (mode) {
                case FAIL -> reply(exchange, 500, "{\"error\":{\"message\":\"model not loaded\"}}");
                case SLOW -> {
                    try {
                        Thread.sleep(3_000);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    reply(exchange, 200, completion(body, reply));
                }
                case ANSWER -> reply(exchange, 200, completion(body, reply));
            }
        }
    }

    private static String completion(JsonNode request, String text) throws IOException {
        return JSON.writeValueAsString(Map.of("id", "chatcmpl-1", "object", "chat.completion", "created", 1_700_000_000,
                "model", request.path("model").asText(),
                "choices", List.of(Map.of("index", 0, "finish_reason", "stop",
                        "message", Map.of("role", "assistant", "content", text))),
                "usage", Map.of("prompt_tokens", 10, "completion_tokens", 5, "total_tokens", 15)));
    }
}
