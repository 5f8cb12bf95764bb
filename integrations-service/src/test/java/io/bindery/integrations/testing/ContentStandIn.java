package io.bindery.integrations.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import com.sun.net.httpserver.HttpHandler;
import io.bindery.commons.testing.HttpStandIn;
import io.bindery.contracts.content.SpaceData;
import io.bindery.contracts.content.SpaceViewsRequest;
import io.bindery.contracts.content.SpaceViewsResponse;

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
 * routes Git Sync reads (a space's access, a revision's tree, pages and files) are {@link SpaceContentStandIn}'s,
 * review's public API for Git Sync's imports {@link ChangeRequestStandIn}'s, both on this stand-in's server.
 */
public class ContentStandIn extends HttpStandIn {
    private static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
    private static final Pattern PATH = Pattern.compile("/internal/orgs/([^/]+)/space-views");
    private static final Map<String, SpaceData> SPACES = new ConcurrentHashMap<>();
    private static final Map<String, Set<String>> READERS = new ConcurrentHashMap<>();

    @Override
    protected Map<String, HttpHandler> routes() {
        return Map.of(
                // Git Sync reads one list from content's public API (a revision's files)
                "/v1/", exchange -> {
                    try (exchange) {
                        if (!SpaceContentStandIn.handles(exchange)) {
                            exchange.sendResponseHeaders(404, -1);
                        }
                    }
                },
                "/internal/", exchange -> {
                    try (exchange) {
                        if (SpaceContentStandIn.handles(exchange)) {
                            return;
                        }
                        Matcher m = PATH.matcher(exchange.getRequestURI().getPath());
                        if (!m.matches()) {
                            reply(exchange, 404, "{\"error\":{\"code\":404,\"message\":\"no such route\"}}");
                            return;
                        }
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
                        reply(exchange, 200, JSON.writeValueAsString(new SpaceViewsResponse(out)));
                    }
                });
    }

    @Override
    protected Map<String, String> config(String baseUrl) {
        // review's public API for Git Sync's imports is served here too (ChangeRequestStandIn)
        return Map.of("bindery.content-url", baseUrl, "bindery.git-sync.review-url", baseUrl);
    }

    /** Content answers this space to these readers. */
    public static void space(SpaceData space, Set<String> readers) {
        SPACES.put(space.id(), space);
        READERS.put(space.id(), Set.copyOf(readers));
    }
}
