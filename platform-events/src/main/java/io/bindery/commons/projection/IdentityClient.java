package io.bindery.commons.projection;

import io.bindery.commons.auth.ServiceTokens;
import io.bindery.commons.client.InternalClients;
import io.bindery.commons.client.InternalReads;
import io.bindery.commons.client.Unreachable;
import io.bindery.commons.config.BinderyServiceConfig;
import io.bindery.commons.errors.ApiException;
import io.bindery.contracts.identity.MembershipResponse;
import io.bindery.contracts.identity.TeamResponse;
import io.bindery.contracts.identity.TeamViewsRequest;
import io.bindery.contracts.identity.UserResponse;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Calls identity's internal API (never routed by the gateway) for what a projection has not seen yet, through its
 * contracts ({@link IdentityDirectoryApi}; the REST Client encodes each path segment). Identity out of reach, or
 * answering anything but 200, 404 (or 400/414 for an id it cannot read: none) is a 503 with the error body, never
 * a 500.
 */
@ApplicationScoped
public class IdentityClient {
    private static final Logger LOG = Logger.getLogger(IdentityClient.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final IdentityDirectoryApi identity;
    private final ServiceTokens serviceTokens;

    @Inject
    IdentityClient(BinderyServiceConfig config, ServiceTokens serviceTokens) {
        this(config.identityUrl(), serviceTokens);
    }

    /** A client of the identity at {@code identityUrl} (the bean's is {@code bindery.identity-url}; tests' stand-ins). */
    public IdentityClient(String identityUrl, ServiceTokens serviceTokens) {
        // the JDK client's timeouts these calls had: 2 s to connect, 3 s for the answer
        this.identity = InternalClients.plain(IdentityDirectoryApi.class, identityUrl, Duration.ofSeconds(2), Duration.ofSeconds(3));
        this.serviceTokens = serviceTokens;
    }

    /**
     * The membership of a user in an organization as identity knows it now: the body of
     * {@code GET /internal/orgs/{o}/members/{u}}, or empty when the user is not a member (404).
     */
    public Optional<MembershipResponse> membership(String organizationId, String userId) {
        return call("membership", organizationId + "/" + userId, auth -> identity.membership(auth, organizationId, userId));
    }

    /**
     * A user as identity knows it now: the body of {@code GET /internal/users/{u}} (the User object plus
     * {@code asOf}), or empty when there is no such user (404).
     */
    public Optional<UserResponse> user(String userId) {
        return call("user", userId, auth -> identity.user(auth, userId));
    }

    /**
     * A team as identity knows it now: the body of {@code GET /internal/orgs/{o}/teams/{t}}
     * or empty when the organization has no such team (404).
     */
    public Optional<TeamResponse> team(String organizationId, String teamId) {
        return call("team", organizationId + "/" + teamId, auth -> identity.team(auth, organizationId, teamId));
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
        JsonNode body = JSON.valueToTree(new TeamViewsRequest(viewerId, teamIds));
        call("teamViews", organizationId, auth -> {
            try (Response r = identity.views(auth, organizationId, body)) {
                if (r.getStatus() != 200) {
                    throw new WebApplicationException(r.getStatus());
                }
                return r.readEntity(JsonNode.class);
            }
        }).ifPresent(r -> r.path("items").forEach(out::add));
        return out;
    }

    /**
     * One read with this service's token for identity, under the internal reads' policy ({@link InternalReads}:
     * retried when identity could not be reached, a circuit breaker per method); the answer is its contract record.
     */
    private <T> Optional<T> call(String method, String what, Function<String, T> request) {
        String auth = serviceTokens.authorization(ServiceTokens.IDENTITY);
        try {
            return Optional.of(InternalReads.read(IdentityClient.class.getName() + "#" + method, ServiceTokens.IDENTITY, () -> {
                try {
                    return request.apply(auth);
                } catch (ProcessingException e) {
                    // unreachable, silent past the timeout, or an answer that is not the contract record
                    LOG.warnf("identity unreachable for %s %s: %s", method, what, e.toString());
                    throw new Unreachable("identity is unavailable");
                }
            }));
        } catch (WebApplicationException e) {
            int status = e.getResponse().getStatus();
            if (status == 404 || status == 400 || status == 414) {
                // identity knows no such thing, or cannot even read its id (callers check ids' shape first)
                return Optional.empty();
            }
            LOG.warnf("identity answered %d for %s %s", status, method, what);
            throw ApiException.unavailable("identity is unavailable (it answered " + status + ")");
        } catch (Unreachable e) {
            // not reached after the retries, or its circuit is open
            throw ApiException.unavailable("identity is unavailable");
        }
    }
}
