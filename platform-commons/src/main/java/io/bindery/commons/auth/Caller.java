package io.bindery.commons.auth;

import io.bindery.commons.errors.ApiException;
import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;

/**
 * Who is making the current request: the token {@link BearerAuthFilter} verified, kept on the request's
 * routing context (the filter may verify on another thread than the one that serves the request).
 */
@RequestScoped
public class Caller {
    static final String TOKEN_KEY = "bindery.verified-token";

    @Inject
    CurrentVertxRequest request;

    public boolean authenticated() {
        return token() != null;
    }

    public String userId() {
        return require().userId();
    }

    public String tokenId() {
        return require().tokenId();
    }

    private VerifiedToken token() {
        RoutingContext rc = request.getCurrent();
        return rc == null ? null : rc.get(TOKEN_KEY);
    }

    private VerifiedToken require() {
        VerifiedToken token = token();
        if (token == null) {
            throw ApiException.unauthorized("missing bearer token: send Authorization: Bearer <token>");
        }
        return token;
    }
}
