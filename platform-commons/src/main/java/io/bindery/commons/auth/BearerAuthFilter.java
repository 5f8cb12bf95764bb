package io.bindery.commons.auth;

import io.bindery.commons.errors.ErrorMappers;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Every public API route (/v1/**) of a service needs a valid token, even behind the gateway: services
 * verify again (cheaply, thanks to the verifier's cache) so a request that bypasses the gateway gets no
 * further. /q/** (health, metrics), /.well-known/** and /internal/** are not public API routes.
 */
public class BearerAuthFilter {
    @Inject
    TokenVerifier verifier;
    @Inject
    Caller caller;

    @ServerRequestFilter(preMatching = true)
    public Response authenticate(ContainerRequestContext request) {
        String path = request.getUriInfo().getPath();
        if (!path.startsWith("/v1/") && !path.equals("/v1")) {
            return null;
        }
        try {
            caller.set(verifier.verifyHeader(request.getHeaderString(HttpHeaders.AUTHORIZATION)));
            return null;
        } catch (TokenRejectedException e) {
            return ErrorMappers.response(401, e.getMessage());
        }
    }
}
