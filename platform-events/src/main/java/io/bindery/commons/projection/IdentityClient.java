package io.bindery.commons.projection;

import io.bindery.contracts.identity.TeamViewsRequest;
import io.bindery.contracts.identity.TeamResponse;
import io.bindery.contracts.identity.MembershipResponse;
import io.bindery.contracts.identity.UserResponse;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import io.bindery.commons.config.BinderyServiceConfig;
import io.bindery.commons.errors.ApiException;
import org.jboss.logging.Logger;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Calls identity's internal API (never routed by the gateway) for what a projection has not seen yet. Path
 * segments are url-encoded; identity out of reach, or answering anything but 200, 404 (or 400/414 for an id it
 * cannot read: none) is a 503 with the error body, never a 500.
 */
@ApplicationScoped
public class IdentityClient {
    private static final Logger LOG = Logger.getLogger(IdentityClient.class);
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @Inject
    BinderyServiceConfig config;
    @Inject
    ObjectMapper json;
    @Inject
    io.bindery.commons.auth.ServiceTokens serviceTokens;

    /**
     * The membership of a user in an organization as identity knows it now: the body of
     * {@code GET /internal/orgs/{o}/members/{u}}, or empty when the user is not a member (404).
     */
    public Optional<MembershipResponse> membership(String organizationId, String userId) {
        return get("/internal/orgs/" + encode(organizationId) + "/members/" + encode(userId)).map(b -> as(b, MembershipResponse.class));
    }

    /**
     * A user as identity knows it now: the body of {@code GET /internal/users/{u}} (the User object plus
     * {@code asOf}), or empty when there is no such user (404).
     */
    public Optional<UserResponse> user(String userId) {
        return get("/internal/users/" + encode(userId)).map(b -> as(b, UserResponse.class));
    }

    /**
     * A team as identity knows it now: the body of {@code GET /internal/orgs/{o}/teams/{t}}
     * or empty when the organization has no such team (404).
     */
    public Optional<TeamResponse> team(String organizationId, String teamId) {
        return get("/internal/orgs/" + encode(organizationId) + "/teams/" + encode(teamId)).map(b -> as(b, TeamResponse.class));
    }

    /** A 200 answer as its contract record: a field identity renamed fails here, loudly, not as a silent "". */
    private <T> T as(JsonNode body, Class<T> type) {
        try {
            return json.treeToValue(body, type);
        } catch (IOException e) {
            throw new IllegalStateException("identity's answer is not a " + type.getSimpleName() + ": " + e.getMessage(), e);
        }
    }

    /**
     * The Team objects of some teams of an organization as one of its members sees them: the items of
     * {@code POST /internal/orgs/{o}/team-views}, in the order asked, without the teams identity does not know.
     */
    public List<JsonNode> teamViews(String organizationId, String viewerId, List<String> teamIds) {
        List<JsonNode> out = new ArrayList<>();
        if (teamIds.isEmpty()) {
            return out;
        }
        String body;
        try {
            body = json.writeValueAsString(new TeamViewsRequest(viewerId, teamIds));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        send(HttpRequest.newBuilder(URI.create(url("/internal/orgs/" + encode(organizationId) + "/team-views")))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)))
                .ifPresent(r -> r.path("items").forEach(out::add));
        return out;
    }

    private String url(String path) {
        return config.identityUrl().replaceAll("/+$", "") + path;
    }

    private Optional<JsonNode> get(String path) {
        return send(HttpRequest.newBuilder(URI.create(url(path))).GET());
    }

    private Optional<JsonNode> send(HttpRequest.Builder builder) {
        String auth = serviceTokens.authorization(io.bindery.commons.auth.ServiceTokens.IDENTITY);
        if (auth != null) {
            builder.header("Authorization", auth);
        }
        HttpRequest request = builder.timeout(Duration.ofSeconds(3)).build();
        String url = request.uri().toString();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            int status = response.statusCode();
            if (status == 404 || status == 400 || status == 414) {
                // identity knows no such thing, or cannot even read its id (callers check ids' shape first)
                return Optional.empty();
            }
            if (status != 200) {
                LOG.warnf("identity answered %d for %s", status, url);
                throw ApiException.unavailable("identity is unavailable (it answered " + status + ")");
            }
            return Optional.of(json.readTree(response.body()));
        } catch (IOException e) {
            LOG.warnf("identity unreachable for %s: %s", url, e.toString());
            throw ApiException.unavailable("identity is unavailable");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** A path segment: URLEncoder is for forms, so its '+' for a space becomes %20 here. */
    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
