package io.bindery.gateway.http;

import io.bindery.gateway.web.GatewayHeaders;
import io.bindery.gateway.web.Errors;
import io.bindery.gateway.config.GatewayConfig;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;

import java.util.List;
import java.util.Set;

/**
 * CORS for browser clients of the API. Preflights are answered here, without a token; other responses of an
 * allowed origin carry {@code Access-Control-Allow-Origin} and expose the gateway's own headers. API tokens
 * travel in the Authorization header, never in cookies, so credentials are not allowed.
 */
public final class Cors {
    static final String ALLOW_METHODS = "GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS";
    static final String ALLOW_HEADERS = "Authorization, Content-Type, X-Request-Id, Accept, If-Match, If-None-Match";
    static final String EXPOSE_HEADERS =
            "X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, Location";

    private final boolean anyOrigin;
    private final Set<String> origins;
    private final String maxAge;

    public Cors(GatewayConfig.Cors config) {
        List<String> configured = config.origins().stream().map(String::trim).filter(s -> !s.isEmpty()).toList();
        this.anyOrigin = configured.contains("*");
        this.origins = Set.copyOf(configured);
        this.maxAge = Long.toString(config.maxAge());
    }

    public boolean allows(String origin) {
        return anyOrigin || origins.contains(origin);
    }

    /**
     * Decorates the response for a request carrying {@code Origin}.
     *
     * @return true when the request was a preflight and has been answered
     */
    public boolean handle(HttpServerRequest request, HttpServerResponse response, String origin) {
        boolean allowed = allows(origin);
        boolean preflight = request.method() == HttpMethod.OPTIONS
                && request.getHeader(GatewayHeaders.ACCESS_CONTROL_REQUEST_METHOD) != null;
        MultiMap headers = response.headers();
        if (allowed) {
            if (anyOrigin) {
                headers.set(GatewayHeaders.ACCESS_CONTROL_ALLOW_ORIGIN, "*");
            } else {
                headers.set(GatewayHeaders.ACCESS_CONTROL_ALLOW_ORIGIN, origin);
                headers.add(GatewayHeaders.VARY, "Origin");
            }
        }
        if (!preflight) {
            if (allowed) {
                headers.set(GatewayHeaders.ACCESS_CONTROL_EXPOSE_HEADERS, EXPOSE_HEADERS);
            }
            return false;
        }
        if (!allowed) {
            Errors.send(response, 403, "CORS: origin " + origin + " is not allowed");
            return true;
        }
        headers.set(GatewayHeaders.ACCESS_CONTROL_ALLOW_METHODS, ALLOW_METHODS)
                .set(GatewayHeaders.ACCESS_CONTROL_ALLOW_HEADERS, ALLOW_HEADERS)
                .set(GatewayHeaders.ACCESS_CONTROL_MAX_AGE, maxAge);
        response.setStatusCode(204).end();
        return true;
    }
}
