package io.bindery.commons.auth;

import io.bindery.commons.errors.ErrorMappers;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * A service's internal API ({@code /internal/**}, never routed by the gateway) answers only other services: each
 * call carries a service token identity minted for this very service as audience ({@link ServiceTokens}). No token,
 * a user's API token, or a service token for another audience is a 401. The one exception is where the tokens come
 * from, identity's {@code POST /internal/service-tokens}, which checks the deployment's service secret itself.
 * {@code bindery.internal-auth.required=false} turns the check off (a development stack without identity).
 */
public class InternalAuthFilter {
    @Inject
    TokenVerifier verifier;
    String serviceName;
    boolean required;

    /** From the one typed configuration of commons (a bad value stops the start-up, naming the key). */
    @Inject
    void configure(io.bindery.commons.config.BinderyServiceConfig config) {
        serviceName = config.service().name();
        required = config.internalAuth().required();
    }

    @ServerRequestFilter(preMatching = true)
    public Uni<Response> authenticate(ContainerRequestContext request) {
        String path = request.getUriInfo().getPath();
        if (!required || !path.startsWith("/internal/") || path.equals(ServiceTokens.MINT_PATH)) {
            return Uni.createFrom().nullItem();
        }
        String authorization = request.getHeaderString(HttpHeaders.AUTHORIZATION);
        try {
            VerifiedToken cached = verifier.cachedHeader(authorization);
            if (cached != null) {
                return Uni.createFrom().item(refusal(cached));
            }
        } catch (TokenRejectedException e) {
            return Uni.createFrom().item(unauthorized(e.getMessage()));
        }
        // a token seen for the first time may need the JWKS fetched: off the event loop
        return Uni.createFrom().item(() -> {
            try {
                return refusal(verifier.verifyHeader(authorization));
            } catch (TokenRejectedException e) {
                return unauthorized(e.getMessage());
            }
        }).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    /** Null when the token may call this internal API, else the 401. */
    private Response refusal(VerifiedToken token) {
        if (!token.isService()) {
            return unauthorized("the internal API needs a service token; a user's token is not accepted");
        }
        if (!token.audience().contains(serviceName)) {
            return unauthorized("this service token is not for " + serviceName);
        }
        return null;
    }

    private static Response unauthorized(String message) {
        return Response.fromResponse(ErrorMappers.response(401, message)).header("WWW-Authenticate", "Bearer").build();
    }
}
