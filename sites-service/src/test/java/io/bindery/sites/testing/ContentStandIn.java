package io.bindery.sites.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.bindery.commons.ids.Ids;
import io.bindery.contracts.content.SpaceData;
import io.bindery.contracts.content.SpaceViewsRequest;
import io.bindery.contracts.content.SpaceViewsResponse;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * content-service's internal space-views API as sites-service calls it, served over real HTTP from memory, so the
 * sites @QuarkusTests run without content-service. A space is readable by the users a test names; each reader's
 * permissions are distinct (an editor may edit), so a test sees that the caller's view came through.
 * Use with {@code @WithTestResource(ContentStandIn.class)}.
 */
public class ContentStandIn implements QuarkusTestResourceLifecycleManager {
    private static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
    private static final Pattern PATH = Pattern.compile("/internal/orgs/([^/]+)/space-views");
    private static HttpServer server;

    private record Space(SpaceData data, Set<String> readers, Set<String> editors) {
    }

    private static final Map<String, Space> SPACES = new ConcurrentHashMap<>();
    /** Calls answered, for tests that check when content is (not) asked. */
    public static final AtomicInteger CALLS = new AtomicInteger();
    private static volatile boolean down;

    @Override
    public synchronized Map<String, String> start() {
        try {
            if (server == null) {
                server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
                server.setExecutor(Executors.newFixedThreadPool(4));
                server.createContext("/internal/", ContentStandIn::handle);
                server.start();
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return Map.of("bindery.content-url", "http://127.0.0.1:" + server.getAddress().getPort());
    }

    @Override
    public void stop() {
        // shared by every test class of the run; the JVM's exit closes it
    }

    /** A space of {@code org} that {@code readers} can read ({@code editors} also edit); its id. */
    public static String space(String org, String title, Set<String> readers, Set<String> editors) {
        String id = Ids.newId();
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        SpaceData data = new SpaceData("space", id, title, "", "private", now, now, null, "live", Map.of("type", "none"),
                new SpaceData.Urls("http://127.0.0.1/v1/spaces/" + id, "http://127.0.0.1/o/" + org + "/s/" + id, null),
                org, null, null, Ids.newId(), "inherit", 0, 0, 0, 0, null);
        SPACES.put(id, new Space(data, ConcurrentHashMap.newKeySet(), ConcurrentHashMap.newKeySet()));
        SPACES.get(id).readers().addAll(readers);
        SPACES.get(id).readers().addAll(editors);
        SPACES.get(id).editors().addAll(editors);
        return id;
    }

    /** The space as content's events carry it (no permissions). */
    public static SpaceData data(String spaceId) {
        return SPACES.get(spaceId).data();
    }

    /** content stops answering (a refused connection) until {@code false}. */
    public static void down(boolean value) {
        down = value;
    }

    private static void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            Matcher m = PATH.matcher(exchange.getRequestURI().getPath());
            if (!m.matches() || !"POST".equals(exchange.getRequestMethod())) {
                reply(exchange, 404, "{\"error\":{\"code\":404,\"message\":\"no such internal route\"}}");
                return;
            }
            if (down) {
                reply(exchange, 503, "{\"error\":{\"code\":503,\"message\":\"content is down (stand-in)\"}}");
                return;
            }
            CALLS.incrementAndGet();
            String org = m.group(1);
            SpaceViewsRequest request = JSON.readValue(exchange.getRequestBody(), SpaceViewsRequest.class);
            List<SpaceData> out = new ArrayList<>();
            for (String id : request.spaces()) {
                Space s = SPACES.get(id);
                if (s != null && s.data().organization().equals(org) && s.readers().contains(request.user())) {
                    boolean edit = s.editors().contains(request.user());
                    out.add(s.data().withPermissions(new SpaceData.Permissions(true, true, false, false, edit, false, true,
                            edit, edit, false)));
                }
            }
            reply(exchange, 200, JSON.writeValueAsString(new SpaceViewsResponse(out)));
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
