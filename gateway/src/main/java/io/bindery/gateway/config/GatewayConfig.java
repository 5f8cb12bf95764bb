package io.bindery.gateway.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything the gateway is told by configuration ({@code bindery.gateway.*} in application.properties, each key
 * overridable by its environment variable, e.g. {@code BINDERY_GATEWAY_UPSTREAMS_IDENTITY}).
 */
@ConfigMapping(prefix = "bindery.gateway")
public interface GatewayConfig {

    /** Service name to its base URL ({@code http://host:port}); the names are the ones used in {@link #routes()}. */
    Map<String, String> upstreams();

    /**
     * The routing table: {@code "<path template relative to /v1> <service>"}, e.g. {@code "/spaces/{s}/** content"}.
     * The most specific template wins (see {@link io.bindery.gateway.routing.RouteTable}).
     */
    List<String> routes();

    /**
     * Path templates (relative to /v1, as in {@link #routes()}) that may be called without a token when the
     * query carries a {@code signature}: URLs a service signed for a download (a change request's PDF). The
     * service behind verifies the signature; the gateway only lets the request through to it.
     */
    Optional<List<String>> signedRoutes();

    /**
     * The hostnames of the API itself. A request for any other name (not an IP address) outside {@code /v1} is for a
     * published site on its own hostname ({@code PATCH …/sites/{id}} {@code hostname}): the reader serves it at the
     * root. Add the name clients use for the API here (a Kubernetes Ingress host, say).
     */
    @WithDefault("localhost")
    List<String> apiHosts();

    /** How long an upstream may take to answer (to its response headers) before the gateway gives up with 504. */
    @WithDefault("2s")
    Duration upstreamTimeout();

    /** How long getting a connection to an upstream may take before the gateway gives up with 503. */
    @WithDefault("2s")
    Duration connectTimeout();

    /** Kept-alive connections per upstream (HTTP/1.1, no pipelining). */
    @WithDefault("128")
    int poolSize();

    /** Largest accepted request body in bytes; a larger one is refused with 413. */
    @WithDefault("10485760")
    long maxBodyBytes();

    /**
     * Longest request target (path and query) in characters; a longer one is refused with 414 and the error body.
     * Keep it below {@code quarkus.http.limits.max-initial-line-length}, beyond which Vert.x itself answers
     * (with an empty body, before any handler can run).
     */
    @WithDefault("8192")
    int maxUriLength();

    /**
     * Largest total size of the request's header lines in bytes; larger is refused with 431 and the error body.
     * Keep it below {@code quarkus.http.limits.max-header-size}, beyond which Vert.x answers alone.
     */
    @WithDefault("16384")
    int maxHeaderBytes();

    RateLimit rateLimit();

    Cors cors();

    interface RateLimit {
        /** Requests per minute and per token (token bucket; the burst is the same number). */
        @WithDefault("100000")
        long perMinute();

        /** Most token buckets kept at once (idle buckets are evicted periodically). */
        @WithDefault("50000")
        int maxBuckets();
    }

    interface Cors {
        /** Origins browsers may call the API from; {@code *} allows any. */
        @WithDefault("*")
        List<String> origins();

        /** How long (seconds) a browser may cache a preflight answer. */
        @WithDefault("86400")
        long maxAge();
    }
}
