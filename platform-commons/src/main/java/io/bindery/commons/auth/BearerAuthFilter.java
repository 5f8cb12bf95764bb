package io.bindery.commons.auth;

import io.bindery.commons.errors.ErrorMappers;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Every public API route (/v1/**) of a service needs a valid token, even behind the gateway: services
 * verify again (cheaply, thanks to the verifier's cache) so a request that bypasses the gateway gets no
 * further. /q/** (health, metrics), /.well-known/** and /internal/** are not public API routes.
 * <p>
 * This filter runs on the event loop. A token seen before is answered from the cache there; a new one is
 * verified on a worker thread, because the first verification may fetch the JWKS over HTTP — from this very
 * process in identity-service, which would otherwise block its own event loops and never answer.
 */
public class BearerAuthFilter {
    static final String SERVICE_TOKEN_REFUSED = "a service token cannot call the public API";
    @Inject
    TokenVerifier verifier;
    @Inject
    SignedUrls signedUrls;

    @ServerRequestFilter(preMatching = true)
    public Uni<Response> authenticate(ContainerRequestContext request, RoutingContext routing) {
        String path = request.getUriInfo().getPath();
        if (!path.startsWith("/v1/") && !path.equals("/v1")) {
            return Uni.createFrom().nullItem();
        }
        String authorization = request.getHeaderString(HttpHeaders.AUTHORIZATION);
        if (authorization == null && signedUrls.mayPassUnsigned(path, request.getUriInfo().getQueryParameters())) {
            // a signed download URL: its resource verifies the signature (SignedUrls.verify) instead of a token
            return Uni.createFrom().nullItem();
        }
        try {
            VerifiedToken cached = verifier.cachedHeader(authorization);
            if (cached != null) {
                if (cached.isService()) {
                    return Uni.createFrom().item(ErrorMappers.response(401, SERVICE_TOKEN_REFUSED));
                }
                routing.put(Caller.TOKEN_KEY, cached);
                return Uni.createFrom().nullItem();
            }
        } catch (TokenRejectedException e) {
            return Uni.createFrom().item(ErrorMappers.response(401, e.getMessage()));
        }
        return Uni.createFrom().item(() -> {
            try {
                VerifiedToken verified = verifier.verifyHeader(authorization);
                if (verified.isService()) {
                    return ErrorMappers.response(401, SERVICE_TOKEN_REFUSED);
                }
                routing.put(Caller.TOKEN_KEY, verified);
                return (Response) null;
            } catch (TokenRejectedException e) {
                return ErrorMappers.response(401, e.getMessage());
            }
        }).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }
}
