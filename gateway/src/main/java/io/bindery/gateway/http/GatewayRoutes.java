package io.bindery.gateway.http;

import io.bindery.gateway.web.SiteHosts;
import io.bindery.gateway.web.GatewayHeaders;
import io.bindery.gateway.web.Errors;
import io.bindery.gateway.docs.ApiDocuments;

import io.bindery.commons.auth.TokenRejectedException;
import io.bindery.commons.auth.VerifiedToken;
import io.bindery.commons.errors.ErrorBody;
import io.bindery.commons.web.InputGuard;
import io.bindery.gateway.auth.Authenticator;
import io.bindery.gateway.config.GatewayConfig;
import io.bindery.gateway.limits.BodyLimit;
import io.bindery.gateway.limits.RateLimiter;
import io.bindery.gateway.proxy.UpstreamProxies;
import io.bindery.gateway.routing.RouteTable;
import io.quarkus.runtime.ShutdownEvent;
import io.vertx.core.AsyncResult;
import io.vertx.core.MultiMap;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.httpproxy.HttpProxy;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.jboss.logging.Logger;

import java.util.List;

/**
 * The gateway's request pipeline, one handler on the Vert.x router, run on the event loop for every request:
 * <ol>
 *   <li>request target over {@code max-uri-length}: 414; headers over {@code max-header-bytes}: 431; a path or
 *       query that is not UTF-8 text or holds NUL: 404 / 400 ({@link InputGuard});</li>
 *   <li>request id ({@code X-Request-Id}, the client's when sane) on every response, errors included;</li>
 *   <li>{@code /s/**}: published sites as web pages, proxied to sites-service's reader without a token;</li>
 *   <li>any other path on a hostname that is not the API's ({@code api-hosts}) nor an IP address: a site on its own
 *       hostname, proxied to the reader as {@code /s/~host/<path>} with the hostname in {@code X-Bindery-Site-Host};</li>
 *   <li>{@code /openapi/**}: public OpenAPI specs, proxied to openapi-service without a token;</li>
 *   <li>{@code /hooks/git/**}: Git hosts' push notifications for Git Sync, proxied to integrations-service without a
 *       token (integrations checks each one's signature), rate-limited per client address;</li>
 *   <li>paths other than {@code /v1/**} and {@code /.well-known/jwks.json} go on to Quarkus ({@code /q/health},
 *       {@code /q/metrics}) or to the JSON 404 fallback;</li>
 *   <li>CORS: preflights answered here without a token;</li>
 *   <li>{@code /.well-known/jwks.json}: proxied to identity without a token;</li>
 *   <li>declared body length over the limit: 413;</li>
 *   <li>bearer token verified (401 otherwise);</li>
 *   <li>route by the most specific path template (404 / 400);</li>
 *   <li>per-token rate limit (429, {@code X-RateLimit-*} on every proxied response);</li>
 *   <li>proxied with path and query unchanged.</li>
 * </ol>
 */
@Singleton
public class GatewayRoutes {
    private static final Logger LOG = Logger.getLogger(GatewayRoutes.class);
    static final String API_PREFIX = "/v1";
    static final String JWKS_PATH = "/.well-known/jwks.json";
    /** Published sites as web pages (sites-service's reader), routed without a token. */
    static final String READER_PREFIX = "/s/";
    static final String READER = "sites";
    /** Public OpenAPI specs (urls.published of openapi-service), routed without a token on the API's own hosts. */
    static final String PUBLISHED_SPECS_PREFIX = "/openapi/";
    static final String PUBLISHED_SPECS = "openapi";
    /** Git hosts' push webhooks for Git Sync: signed with the sync's secret, not a token (integrations checks). */
    static final String GIT_HOOKS_PREFIX = "/hooks/git/";
    static final String GIT_HOOKS = "integrations";
    /** The query parameter of a URL a service signed (see {@code bindery.gateway.signed-routes}). */
    static final String SIGNATURE = "signature";
    static final String IDENTITY = "identity";
    /** Before Quarkus' own upload limit (-2) and default routes, after its access-log / header handlers. */
    static final int ORDER = -100;

    private final RouteTable routes;
    private final int routeCount;
    private final HttpProxy[] proxies;
    private final HttpProxy identity;
    private final HttpProxy reader;
    private final HttpProxy publishedSpecs;
    private final HttpProxy gitHooks;
    private final Authenticator authenticator;
    private final RouteTable signedRoutes;
    private final RateLimiter limiter;
    private final String limitHeader;
    private final BodyLimit bodyLimit;
    private final Cors cors;
    private final Vertx vertx;
    private final int maxUriLength;
    private final int maxHeaderBytes;
    private final java.util.Set<String> apiHosts;
    private long evictionTimer = -1;

    @Inject
    public GatewayRoutes(GatewayConfig config, UpstreamProxies upstreams, Authenticator authenticator, Vertx vertx) {
        this.routes = RouteTable.compile(config.routes());
        this.signedRoutes = RouteTable.compile(config.signedRoutes().orElse(List.of()).stream().map(t -> t + " signed").toList());
        this.routeCount = config.routes().size();
        List<String> services = routes.services();
        this.proxies = new HttpProxy[services.size()];
        for (int i = 0; i < proxies.length; i++) {
            proxies[i] = upstreams.proxy(services.get(i)); // fails start-up when a routed service has no upstream
        }
        this.identity = upstreams.proxy(IDENTITY);
        this.reader = upstreams.has(READER) ? upstreams.proxy(READER) : null;
        this.publishedSpecs = upstreams.has(PUBLISHED_SPECS) ? upstreams.proxy(PUBLISHED_SPECS) : null;
        this.gitHooks = upstreams.has(GIT_HOOKS) ? upstreams.proxy(GIT_HOOKS) : null;
        this.authenticator = authenticator;
        this.limiter = new RateLimiter(config.rateLimit().perMinute(), config.rateLimit().maxBuckets());
        this.limitHeader = Long.toString(limiter.limit());
        this.bodyLimit = upstreams.bodyLimit();
        this.cors = new Cors(config.cors());
        this.vertx = vertx;
        this.maxUriLength = config.maxUriLength();
        this.maxHeaderBytes = config.maxHeaderBytes();
        this.apiHosts = java.util.Set.copyOf(config.apiHosts().stream().map(h -> h.strip().toLowerCase(java.util.Locale.ROOT)).toList());
    }

    void init(@Observes Router router) {
        router.route().order(ORDER).handler(this::handle);
        router.route().order(ORDER).failureHandler(this::failure);
        router.route().order(Integer.MAX_VALUE - 1).handler(this::notFound);
        evictionTimer = vertx.setPeriodic(30_000, id -> limiter.evictIdle(System.nanoTime()));
        LOG.infof("gateway: %d route templates to %s", routeCount, routes.services());
    }

    void stop(@Observes ShutdownEvent event) {
        if (evictionTimer >= 0) {
            vertx.cancelTimer(evictionTimer);
        }
    }

    void handle(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        HttpServerResponse response = ctx.response();
        String requestId = RequestIds.acceptOrGenerate(request.getHeader(GatewayHeaders.X_REQUEST_ID));
        response.headers().set(GatewayHeaders.X_REQUEST_ID, requestId);
        org.jboss.logging.MDC.put("requestId", requestId); // beside OpenTelemetry's traceId in every log line
        if (request.uri().length() > maxUriLength) {
            Errors.send(response, 414, "request target too long: at most " + maxUriLength + " characters");
            return;
        }
        if (headerBytes(request.headers()) > maxHeaderBytes) {
            Errors.send(response, 431, "request headers too large: at most " + maxHeaderBytes + " bytes in all");
            return;
        }
        ErrorBody unclean = InputGuard.refusal(request.uri());
        if (unclean != null) {
            Errors.send(response, unclean.error().code(), unclean.error().message());
            return;
        }
        String path = request.path();
        if (path == null || path.isEmpty() || path.charAt(0) != '/') {
            Errors.send(response, 400, "the request target must be an absolute path");
            return;
        }
        if (path.equals(ApiDocuments.PATH) || path.equals(ApiDocuments.UI_PATH) || path.startsWith(ApiDocuments.UI_PATH + "/")) {
            ctx.next(); // the API's own document and Swagger UI, read without a token
            return;
        }
        boolean api = path.startsWith(API_PREFIX) && (path.length() == API_PREFIX.length() || path.charAt(API_PREFIX.length()) == '/');
        if (!api && reader != null && path.startsWith(READER_PREFIX)) {
            reader.handle(request); // published sites, read by anyone: the site's visibility decides, not a token
            return;
        }
        if (!api && reader != null && !JWKS_PATH.equals(path) && !path.startsWith("/q/")
                && SiteHosts.isSiteHost(request.getHeader(HttpHeaders.HOST), apiHosts)) {
            reader.handle(request); // a site on its own hostname: the reader's interceptor moves it under /s/~host
            return;
        }
        if (!api && publishedSpecs != null && path.startsWith(PUBLISHED_SPECS_PREFIX)) {
            publishedSpecs.handle(request); // a public spec, read by anyone: its visibility decides, not a token
            return;
        }
        if (!api && gitHooks != null && path.startsWith(GIT_HOOKS_PREFIX)) {
            // anyone may knock; a push counts only with the sync's signature (integrations), so limited per address
            if (bodyLimit.checkDeclaredLength(request, response)
                    && admitted(response, "hook:" + request.remoteAddress().hostAddress())) {
                gitHooks.handle(request);
            }
            return;
        }
        if (!api && !JWKS_PATH.equals(path)) {
            ctx.next();
            return;
        }
        String origin = request.getHeader(GatewayHeaders.ORIGIN);
        if (origin != null && cors.handle(request, response, origin)) {
            return;
        }
        if (!api) {
            identity.handle(request); // Quarkus keeps the request paused until the proxy reads it
            return;
        }
        if (!bodyLimit.checkDeclaredLength(request, response)) {
            return;
        }
        String authorization = request.getHeader(HttpHeaders.AUTHORIZATION);
        if (authorization == null && request.getParam(SIGNATURE) != null && signedRoutes.match(path, API_PREFIX.length()) >= 0) {
            // a signed download URL: the service checks the signature; limited per client address, not per token
            forward(request, response, path, "signed:" + request.remoteAddress().hostAddress());
            return;
        }
        VerifiedToken token;
        try {
            token = authenticator.verifyInline(authorization);
        } catch (TokenRejectedException e) {
            unauthorized(response, e.getMessage());
            return;
        }
        if (token != null) {
            authorized(request, response, path, token);
        } else {
            authenticator.verifyOnWorker(authorization).onComplete(ar -> afterWorker(request, response, path, ar));
        }
    }

    private void afterWorker(HttpServerRequest request, HttpServerResponse response, String path, AsyncResult<VerifiedToken> ar) {
        if (response.ended() || response.closed()) {
            return; // the client went away meanwhile
        }
        if (ar.succeeded()) {
            authorized(request, response, path, ar.result());
        } else {
            unauthorized(response, ar.cause() instanceof TokenRejectedException ? ar.cause().getMessage() : "invalid token");
        }
    }

    private void authorized(HttpServerRequest request, HttpServerResponse response, String path, VerifiedToken token) {
        forward(request, response, path, token.tokenId());
    }

    /** Routes, rate-limits (by {@code limitKey}) and proxies a request that passed authentication. */
    private void forward(HttpServerRequest request, HttpServerResponse response, String path, String limitKey) {
        int service = routes.match(path, API_PREFIX.length());
        if (service < 0) {
            if (service == RouteTable.BAD_PATH) {
                Errors.send(response, 400, "path must not contain '.' or '..' segments");
            } else {
                Errors.send(response, 404, "no such route: " + request.method() + " " + path);
            }
            return;
        }
        if (!admitted(response, limitKey)) {
            return;
        }
        String expect = request.getHeader(HttpHeaders.EXPECT);
        if (expect != null && "100-continue".equalsIgnoreCase(expect)) {
            response.writeContinue(); // checks passed: let the client send its body (the proxy drops Expect upstream)
        }
        proxies[service].handle(request); // path and query unchanged
    }

    /** Takes one request of {@code limitKey}'s rate limit (headers set); false when it is spent (429 sent). */
    private boolean admitted(HttpServerResponse response, String limitKey) {
        RateLimiter.Decision decision = limiter.acquire(limitKey, System.nanoTime(), System.currentTimeMillis());
        MultiMap headers = response.headers();
        headers.set(GatewayHeaders.X_RATELIMIT_LIMIT, limitHeader)
                .set(GatewayHeaders.X_RATELIMIT_REMAINING, Long.toString(decision.remaining()))
                .set(GatewayHeaders.X_RATELIMIT_RESET, Long.toString(decision.resetEpochSeconds()));
        if (!decision.allowed()) {
            headers.set(GatewayHeaders.RETRY_AFTER, Long.toString(decision.retryAfterSeconds()));
            Errors.send(response, 429, "rate limit exceeded: " + limitHeader + " requests per minute per token; retry in "
                    + decision.retryAfterSeconds() + " s");
            return false;
        }
        return true;
    }

    /** The size of the header lines as sent ({@code name: value\r\n} each). */
    static long headerBytes(MultiMap headers) {
        long total = 0;
        for (var header : headers) {
            total += header.getKey().length() + header.getValue().length() + 4;
        }
        return total;
    }

    private static void unauthorized(HttpServerResponse response, String message) {
        response.headers().set(GatewayHeaders.WWW_AUTHENTICATE, GatewayHeaders.BEARER);
        Errors.send(response, 401, message);
    }

    void notFound(RoutingContext ctx) {
        Errors.send(ctx.response(), 404, "no such resource: " + ctx.request().path());
    }

    void failure(RoutingContext ctx) {
        int code = ctx.statusCode();
        if (code < 400 || code > 599) {
            code = 500;
        }
        if (code == 500 && ctx.failure() != null) {
            LOG.errorf(ctx.failure(), "request %s %s failed", ctx.request().method(), ctx.request().path());
        }
        String message = switch (code) {
            case 400 -> "bad request";
            case 404 -> "no such resource: " + ctx.request().path();
            case 405 -> "method not allowed";
            case 413 -> bodyLimit.message();
            default -> code >= 500 ? "internal gateway error" : "request refused";
        };
        Errors.send(ctx.response(), code, message);
    }
}
