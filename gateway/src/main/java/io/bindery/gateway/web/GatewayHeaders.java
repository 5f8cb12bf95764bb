package io.bindery.gateway.web;

import io.vertx.core.http.HttpHeaders;

/** Header names the gateway reads or writes, pre-encoded once for Netty. */
public final class GatewayHeaders {
    public static final CharSequence X_REQUEST_ID = HttpHeaders.createOptimized("X-Request-Id");
    public static final CharSequence X_RATELIMIT_LIMIT = HttpHeaders.createOptimized("X-RateLimit-Limit");
    public static final CharSequence X_RATELIMIT_REMAINING = HttpHeaders.createOptimized("X-RateLimit-Remaining");
    public static final CharSequence X_RATELIMIT_RESET = HttpHeaders.createOptimized("X-RateLimit-Reset");
    public static final CharSequence RETRY_AFTER = HttpHeaders.createOptimized("Retry-After");
    public static final CharSequence WWW_AUTHENTICATE = HttpHeaders.createOptimized("WWW-Authenticate");
    public static final CharSequence BEARER = HttpHeaders.createOptimized("Bearer");
    public static final CharSequence CONTENT_TYPE = HttpHeaders.CONTENT_TYPE;
    public static final CharSequence APPLICATION_JSON = HttpHeaders.createOptimized("application/json");
    public static final CharSequence ORIGIN = HttpHeaders.ORIGIN;
    public static final CharSequence VARY = HttpHeaders.VARY;
    public static final CharSequence ACCESS_CONTROL_ALLOW_ORIGIN = HttpHeaders.ACCESS_CONTROL_ALLOW_ORIGIN;
    public static final CharSequence ACCESS_CONTROL_ALLOW_METHODS = HttpHeaders.ACCESS_CONTROL_ALLOW_METHODS;
    public static final CharSequence ACCESS_CONTROL_ALLOW_HEADERS = HttpHeaders.ACCESS_CONTROL_ALLOW_HEADERS;
    public static final CharSequence ACCESS_CONTROL_EXPOSE_HEADERS = HttpHeaders.ACCESS_CONTROL_EXPOSE_HEADERS;
    public static final CharSequence ACCESS_CONTROL_MAX_AGE = HttpHeaders.ACCESS_CONTROL_MAX_AGE;
    public static final CharSequence ACCESS_CONTROL_ALLOW_CREDENTIALS = HttpHeaders.ACCESS_CONTROL_ALLOW_CREDENTIALS;
    public static final CharSequence ACCESS_CONTROL_REQUEST_METHOD = HttpHeaders.ACCESS_CONTROL_REQUEST_METHOD;

    private GatewayHeaders() {
    }
}
