package io.bindery.commons.web;

import io.bindery.commons.errors.ErrorBody;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.bindery.commons.auth.TokenRejectedException;
import io.bindery.commons.auth.TokenVerifier;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

/**
 * What answers when no resource matched: the 404 error body, or, for a service whose issue has not come
 * yet (bindery.service.not-implemented=true), 501 for every /v1 route so clients learn it is not built.
 */
@Singleton
public class FallbackRoutes {
    @Inject
    TokenVerifier verifier;
    String serviceName;
    boolean notImplemented;

    /** From the one typed configuration of commons (a bad value stops the start-up, naming the key). */
    @Inject
    void configure(io.bindery.commons.config.BinderyServiceConfig config) {
        serviceName = config.service().name();
        notImplemented = config.service().notImplemented();
    }

    void register(@Observes Router router) {
        // blocking: a first-seen token may need the JWKS fetched
        router.route().order(Integer.MAX_VALUE - 10).blockingHandler(this::fallback);
    }

    /** Unbuilt routes still refuse bad tokens: a revoked token gets 401 from every service, not 501. */
    private ErrorBody authenticationFailure(RoutingContext ctx) {
        try {
            verifier.verifyHeader(ctx.request().getHeader("Authorization"));
            return null;
        } catch (TokenRejectedException e) {
            return ErrorBody.of(401, e.getMessage());
        }
    }

    private void fallback(RoutingContext ctx) {
        String path = ctx.request().path();
        HttpServerResponse response = ctx.response();
        ErrorBody body;
        boolean api = path.startsWith("/v1/") || path.equals("/v1");
        if (api && (body = authenticationFailure(ctx)) != null) {
            response.putHeader("WWW-Authenticate", "Bearer");
        } else if (notImplemented && api) {
            body = ErrorBody.of(501, serviceName + ": " + ctx.request().method() + " " + path + " is not implemented yet");
        } else {
            body = ErrorBody.of(404, "no such resource: " + path);
        }
        response.setStatusCode(body.error().code()).putHeader("Content-Type", "application/json").end(body.toJson());
    }
}
