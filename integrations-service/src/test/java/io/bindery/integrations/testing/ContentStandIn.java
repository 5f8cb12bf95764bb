package io.bindery.integrations.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import com.sun.net.httpserver.HttpServer;
import io.bindery.contracts.content.SpaceData;
import io.bindery.contracts.content.SpaceViewsRequest;
import io.bindery.contracts.content.SpaceViewsResponse;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * content-service's internal space-views API, served over real HTTP from memory (as sites-service's tests do), so
 * expand=true is tested without content-service: a space is answered to its readers with view permissions. The
 * routes Git Sync reads (a space's access, a revision's tree, pages and files) are {@link SpaceContentStandIn}'s.
 */
public class ContentStandIn implements QuarkusTestResourceLifecycleManager {
    private static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
    private static final Pattern PATH = Pattern.compile("/internal/orgs/([^/]+)/space-views");
    private static final Map<String, SpaceData> SPACES = new ConcurrentHashMap<>();
    private static final Map<String, Set<String>> READERS = new ConcurrentHashMap<>();
    private static HttpServer server;

    @Override
    public synchronized Map<String, String> start() {
        try {
            if (server == null) {
                server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
                // Git Sync reads one list from content's public API (a revision's files)
                server.createContext("/v1/", exchange -> {
                    try (exchange) {
                        if (!SpaceContentStandIn.handles(exchange)) {
                            exchange.sendResponseHeaders(404, -1);
                        }
                    }
                });
                server.createContext("/internal/", exchange -> {
                    try (exchange) {
                        Matcher m = PATH.matcher(exchange.getRequestURI().getPath());
                        String body;
                        int status = 200;
                        if (SpaceContentStandIn.handles(exchange)) {
                            return;
                        }
                        if (!m.matches()) {
                            status = 404;
                            body = "{\"error\":{\"code\":404,\"message\":\"no such route\"}}";
                        } else {
                            SpaceViewsRequest request = JSON.readValue(exchange.getRequestBody(), SpaceViewsRequest.class);
                            List<SpaceData> out = new ArrayList<>();
                            for (String id : request.spaces()) {
                                SpaceData s = SPACES.get(id);
                                if (s != null && s.organization().equals(m.group(1))
                                        && READERS.getOrDefault(id, Set.of()).contains(request.user())) {
                                    out.add(s.withPermissions(new SpaceData.Permissions(true, true, false, false, false,
                                            false, true, false, false, false)));
                                }
                            }
                            body = JSON.writeValueAsString(new SpaceViewsResponse(out));
                        }
                        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
                        exchange.getResponseHeaders().set("Content-Type", "application/json");
                        exchange.sendResponseHeaders(status, bytes.length);
                        try (OutputStream o = exchange.getResponseBody()) {
                            o.write(bytes);
                        }
                    }
                });
                server.start();
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        String url = "http://127.0.0.1:" + server.getAddress().getPort();
        // review's public API for Git Sync's imports is served here too (ChangeRequestStandIn)
        return Map.of("bindery.content-url", url, "bindery.git-sync.review-url", url);
    }

    @Override
    public void stop() {
        // shared by the run's test classes; the JVM's exit closes it
    }

    /** Content answers this space to these readers. */
    public static void space(SpaceData space, Set<String> readers) {
        SPACES.put(space.id(), space);
        READERS.put(space.id(), Set.copyOf(readers));
    }
}
