package io.bindery.review.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.testing.TestIdentity;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The review API over plain HTTP, safe to call from many threads at once (each call as one user). */
public final class Api {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final Map<String, String> TOKENS = new ConcurrentHashMap<>();

    private final URI base;

    public Api(URI base) {
        this.base = base;
    }

    public record Answer(int status, JsonNode body) {
        public String text(String field) {
            return body.path(field).asText();
        }

        /** The answer, provided its status is {@code expected}. */
        public Answer expect(int expected) {
            if (status != expected) {
                throw new AssertionError("expected " + expected + ", got " + status + ": " + body);
            }
            return this;
        }
    }

    public Answer get(String user, String path) {
        return send(user, "GET", path, null);
    }

    public Answer post(String user, String path, Object body) {
        return send(user, "POST", path, body);
    }

    public Answer patch(String user, String path, Object body) {
        return send(user, "PATCH", path, body);
    }

    public Answer put(String user, String path, Object body) {
        return send(user, "PUT", path, body);
    }

    public Answer delete(String user, String path) {
        return send(user, "DELETE", path, null);
    }

    public Answer send(String user, String method, String path, Object body) {
        try {
            HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve("/v1" + path)).timeout(Duration.ofSeconds(60))
                    .header("Authorization", "Bearer " + TOKENS.computeIfAbsent(user, TestIdentity::token))
                    .header("Content-Type", "application/json")
                    .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                            : HttpRequest.BodyPublishers.ofString(body instanceof String s ? s : JSON.writeValueAsString(body)));
            HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
            JsonNode parsed = response.body().isEmpty() ? JSON.createObjectNode() : JSON.readTree(response.body());
            return new Answer(response.statusCode(), parsed);
        } catch (IOException e) {
            throw new IllegalStateException(method + " " + path + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
