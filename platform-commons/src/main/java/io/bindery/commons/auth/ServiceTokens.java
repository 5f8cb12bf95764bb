package io.bindery.commons.auth;

import io.bindery.contracts.identity.ServiceTokenRequest;
import io.bindery.contracts.identity.ServiceTokenResponse;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.eclipse.microprofile.config.Config;
import org.jboss.logging.Logger;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The credential of calls between services: a short-lived RS256 token that identity mints for this service
 * ({@code sub} = {@code service:<name>}, {@code aud} = the service called, claim {@value #SERVICE_CLAIM}), verified
 * by the receiver with the same JWKS as user tokens (see {@code InternalAuthFilter}). This service proves itself
 * to identity with the deployment's service secret ({@code BINDERY_SERVICE_SECRET}); tokens are cached per
 * audience until a minute before they expire. Plain class: the gateway uses it too.
 */
public final class ServiceTokens {
    private static final Logger LOG = Logger.getLogger(ServiceTokens.class);
    private static final ObjectMapper JSON = new ObjectMapper().registerModule(new com.fasterxml.jackson.datatype.jsr310.JavaTimeModule());
    public static final String SERVICE_CLAIM = "bindery_service";
    public static final String IDENTITY = "identity-service";
    public static final String MINT_PATH = "/internal/service-tokens";

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final String endpoint;
    private final String serviceName;
    private final String secret;
    private final Map<String, Cached> cache = new ConcurrentHashMap<>();

    private record Cached(String header, Instant refreshAt) {
    }

    public ServiceTokens(String identityBaseUrl, String serviceName, String secret) {
        this.endpoint = identityBaseUrl.replaceAll("/+$", "") + MINT_PATH;
        this.serviceName = serviceName;
        this.secret = secret;
    }

    public static ServiceTokens fromConfig(Config config) {
        return new ServiceTokens(
                config.getOptionalValue("bindery.identity-url", String.class).orElse("http://127.0.0.1:8081"),
                config.getOptionalValue("bindery.service.name", String.class).orElse("gateway"),
                config.getOptionalValue("bindery.service-secret", String.class).orElse(""));
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
        try {
            String body = JSON.writeValueAsString(new ServiceTokenRequest(serviceName, audience));
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(endpoint)).timeout(Duration.ofSeconds(3))
                    .header("Authorization", "Bearer " + secret).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) {
                throw new IllegalStateException("identity refused a service token for " + audience + ": HTTP " + r.statusCode());
            }
            ServiceTokenResponse answer = JSON.readValue(r.body(), ServiceTokenResponse.class);
            if (answer.token() == null || answer.expiresAt() == null) {
                throw new IllegalStateException("identity answered a service token without token or expiresAt");
            }
            Cached fresh = new Cached("Bearer " + answer.token(), answer.expiresAt().minusSeconds(60));
            cache.put(audience, fresh);
            return fresh.header();
        } catch (java.io.IOException e) {
            LOG.debugf("service token for %s not minted: %s", audience, e.getMessage());
            throw io.bindery.commons.errors.ApiException.unavailable("identity is unavailable (no service token)");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
