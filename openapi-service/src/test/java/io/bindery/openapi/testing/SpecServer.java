package io.bindery.openapi.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;

/**
 * A real HTTP server on 127.0.0.1 serving spec files for the processing tests: documents by path (changeable
 * between uploads), {@code /hang} (answers nothing), {@code /loop} (redirects to itself), {@code /moved?to=} (one
 * redirect). Requests are counted by path.
 */
public final class SpecServer implements AutoCloseable {
    private final HttpServer server;
    private final Map<String, String> documents = new ConcurrentHashMap<>();
    public final Map<String, Integer> hits = new ConcurrentHashMap<>();

    public SpecServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0), 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/", this::handle);
        server.start();
    }

    /** Serves {@code text} at {@code path}; returns its URL. */
    public String put(String path, String text) {
        documents.put(path, text);
        return url(path);
    }

    public String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    private void handle(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        hits.merge(path, 1, Integer::sum);
        try (exchange) {
            if (path.equals("/hang")) {
                try {
                    Thread.sleep(30_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return;
            }
            if (path.equals("/loop")) {
                exchange.getResponseHeaders().add("Location", "/loop");
                exchange.sendResponseHeaders(302, -1);
                return;
            }
            if (path.equals("/moved")) {
                String query = exchange.getRequestURI().getQuery();
                exchange.getResponseHeaders().add("Location", query.substring("to=".length()));
                exchange.sendResponseHeaders(302, -1);
                return;
            }
            String text = documents.get(path);
            if (text == null) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            byte[] body = text.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", path.endsWith(".json") ? "application/json" : "application/yaml");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
