package io.bindery.gateway.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

/**
 * Real upstream HTTP servers for gateway tests, started once per JVM:
 * <ul>
 *   <li>identity, content, review, integrations, insights: echo servers answering with JSON that names the
 *       service and repeats the method, path, query, headers and body length they received (with a query of
 *       {@code empty-status=NNN}: that status and an empty body, as Vert.x answers an over-long request line);</li>
 *   <li>sites: a port with nothing listening (connection refused);</li>
 *   <li>openapi: a server that accepts connections and never answers.</li>
 * </ul>
 */
public class UpstreamServers implements QuarkusTestResourceLifecycleManager {
    public static final List<String> ECHOING = List.of("identity", "content", "review", "integrations", "insights");
    public static final String REFUSING = "sites";
    public static final String SILENT = "openapi";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, String> URLS = new HashMap<>();
    private static final List<Socket> HELD = new CopyOnWriteArrayList<>();

    @Override
    public synchronized Map<String, String> start() {
        try {
            if (URLS.isEmpty()) {
                for (String service : ECHOING) {
                    URLS.put(service, "http://127.0.0.1:" + echo(service));
                }
                URLS.put(REFUSING, "http://127.0.0.1:" + unusedPort());
                URLS.put(SILENT, "http://127.0.0.1:" + silent());
            }
            Map<String, String> config = new HashMap<>();
            URLS.forEach((service, url) -> config.put("bindery.gateway.upstreams." + service, url));
            return config;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void stop() {
        // shared by every test class of the JVM; daemon threads die with it
    }

    private static int echo(String service) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 128);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", exchange -> reply(service, exchange));
        server.start();
        return server.getAddress().getPort();
    }

    private static void reply(String service, HttpExchange exchange) throws IOException {
        long length = 0;
        try (InputStream in = exchange.getRequestBody()) {
            byte[] buffer = new byte[65536];
            for (int n; (n = in.read(buffer)) > 0; ) {
                length += n;
            }
        }
        String query = exchange.getRequestURI().getRawQuery();
        if (query != null && query.startsWith("empty-status=")) {
            exchange.sendResponseHeaders(Integer.parseInt(query.substring("empty-status=".length())), -1);
            exchange.close();
            return;
        }
        Map<String, String> headers = new TreeMap<>();
        exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(), String.join(",", values)));
        Map<String, Object> body = new HashMap<>();
        body.put("service", service);
        body.put("method", exchange.getRequestMethod());
        body.put("path", exchange.getRequestURI().getRawPath());
        body.put("query", exchange.getRequestURI().getRawQuery());
        body.put("headers", headers);
        body.put("bodyLength", length);
        byte[] bytes = JSON.writeValueAsString(body).getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.getResponseHeaders().add("X-Upstream", service);
        String requestId = exchange.getRequestHeaders().getFirst("X-Request-Id");
        if (requestId != null) {
            exchange.getResponseHeaders().add("X-Request-Id", requestId); // as a real service would echo it
        }
        exchange.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static int unusedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static int silent() throws IOException {
        ServerSocket socket = new ServerSocket(0, 128, java.net.InetAddress.getLoopbackAddress());
        Thread.ofVirtual().start(() -> {
            while (true) {
                try {
                    HELD.add(socket.accept()); // accept, read nothing, never answer
                } catch (IOException e) {
                    return;
                }
            }
        });
        return socket.getLocalPort();
    }
}
