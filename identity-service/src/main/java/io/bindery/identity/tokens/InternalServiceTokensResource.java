package io.bindery.identity.tokens;

import io.bindery.contracts.identity.IdentityServiceTokensApi;
import io.bindery.contracts.identity.ServiceTokenResponse;
import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.ServiceTokens;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;
import jakarta.inject.Inject;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * Internal (never routed by the gateway): mints the short-lived service tokens services call each other's internal
 * APIs with ({@link ServiceTokens}). The caller proves it is one of this deployment's services with the shared
 * service secret ({@code BINDERY_SERVICE_SECRET}) as its bearer; the token names it ({@code sub} service:&lt;name&gt;)
 * and the one service it may call ({@code aud}), for five minutes.
 */
public class InternalServiceTokensResource implements IdentityServiceTokensApi {
    static final String NAME = "[a-z][a-z0-9-]{0,62}";

    @Inject
    ServiceTokenMint serviceTokens;
    @Inject
    io.bindery.commons.config.BinderyServiceConfig config;

    /** Body {@code {"service": "<calling service>", "audience": "<service called>"}}. */
    @Override
    public ServiceTokenResponse mint(String authorization, JsonNode node) {
        String expected = config.serviceSecret().filter(s -> !s.isBlank()).map(s -> "Bearer " + s).orElse(null);
        if (expected == null || authorization == null
                || !MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8), authorization.getBytes(StandardCharsets.UTF_8))) {
            throw ApiException.unauthorized("service tokens are minted only for the deployment's services (bearer: the service secret)");
        }
        JsonBody body = JsonBody.of(node);
        String service = body.string("service").filter(s -> s.matches(NAME))
                .orElseThrow(() -> ApiException.badRequest("service must be a service name such as review-service"));
        String audience = body.string("audience").filter(s -> s.matches(NAME))
                .orElseThrow(() -> ApiException.badRequest("audience must be a service name such as content-service"));
        return serviceTokens.mint(service, audience);
    }
}
