package io.bindery.commons.auth;

import io.bindery.commons.errors.ApiException;
import io.bindery.contracts.identity.IdentityServiceTokensApi;
import io.bindery.contracts.identity.ServiceTokenRequest;
import io.bindery.contracts.identity.ServiceTokenResponse;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The credential of calls between services: a short-lived RS256 token that identity mints for this service
 * ({@code sub} = {@code service:<name>}, {@code aud} = the service called, claim {@value #SERVICE_CLAIM}), verified
 * by the receiver with the same JWKS as user tokens (see {@code InternalAuthFilter}). This service proves itself
 * to identity with the deployment's service secret ({@code BINDERY_SERVICE_SECRET}); tokens are cached per
 * audience until a minute before they expire. Plain class: the gateway uses it too; the REST Client of identity's
 * {@link IdentityServiceTokensApi} is given (commons' {@code IdentityCalls} builds it).
 */
public final class ServiceTokens {
    private static final Logger LOG = Logger.getLogger(ServiceTokens.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    public static final String SERVICE_CLAIM = "bindery_service";
    public static final String IDENTITY = "identity-service";
    /** The audience of content-service's internal APIs, which several services call. */
    public static final String CONTENT = "content-service";
    public static final String MINT_PATH = IdentityServiceTokensApi.MINT_PATH;

    private final IdentityServiceTokensApi identity;
    private final String serviceName;
    private final String secret;
    private final Map<String, Cached> cache = new ConcurrentHashMap<>();

    private record Cached(String header, Instant refreshAt) {
    }

    public ServiceTokens(IdentityServiceTokensApi identity, String serviceName, String secret) {
        this.identity = identity;
        this.serviceName = serviceName;
        this.secret = secret;
    }

    /**
     * The Authorization header for a call to {@code audience} (e.g. {@code content-service}), or null when this
     * deployment has no service secret (the receiver then refuses the call if it requires one). Blocking on a
     * cache miss: call it off the event loop.
     */
    public String authorization(String audience) {
        if (secret.isEmpty()) {
            return null;
        }
        Cached c = cache.get(audience);
        if (c != null && Instant.now().isBefore(c.refreshAt())) {
            return c.header();
        }
        ServiceTokenResponse answer;
        try {
            answer = identity.mint("Bearer " + secret, JSON.valueToTree(new ServiceTokenRequest(serviceName, audience)));
        } catch (WebApplicationException e) {
            throw new IllegalStateException("identity refused a service token for " + audience + ": HTTP " + e.getResponse().getStatus());
        } catch (ProcessingException e) {
            // unreachable, silent past the client's timeout, or an answer that is no token
            LOG.debugf("service token for %s not minted: %s", audience, e.getMessage());
            throw ApiException.unavailable("identity is unavailable (no service token)");
        }
        if (answer == null || answer.token() == null || answer.expiresAt() == null) {
            throw new IllegalStateException("identity answered a service token without token or expiresAt");
        }
        Cached fresh = new Cached("Bearer " + answer.token(), answer.expiresAt().minusSeconds(60));
        cache.put(audience, fresh);
        return fresh.header();
    }
}
