package io.bindery.gateway.proxy;

import io.bindery.gateway.web.SiteHosts;

import io.bindery.gateway.web.Errors;
import io.bindery.gateway.web.GatewayHeaders;
import io.bindery.gateway.limits.BodyLimit;
import io.bindery.gateway.limits.LimitedBody;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.vertx.core.Future;
import io.vertx.core.MultiMap;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.httpproxy.Body;
import io.vertx.httpproxy.ProxyContext;
import io.vertx.httpproxy.ProxyInterceptor;
import io.vertx.httpproxy.ProxyRequest;
import io.vertx.httpproxy.ProxyResponse;

import org.jboss.logging.Logger;

import java.util.concurrent.TimeoutException;

/**
 * What the gateway adds around vertx-http-proxy for one upstream:
 * <ul>
 *   <li>forwards the request id the gateway settled on (already on the client response) as {@code X-Request-Id};</li>
 *   <li>counts chunked request bodies against the body limit;</li>
 *   <li>turns failures of {@code sendRequest()} into error bodies: no connection 503, no answer in time 504,
 *       anything else 502, body over the limit 413 (the library's own fallback is an empty 502);</li>
 *   <li>drops headers the gateway owns from upstream responses, so they are not duplicated;</li>
 *   <li>gives an upstream error answered with an empty body (Vert.x's own 414, 431 or 400 in a service, before any
 *       handler ran) the error body, so that every error a client gets has it.</li>
 * </ul>
 */
final class GatewayInterceptor implements ProxyInterceptor {
    private static final Logger LOG = Logger.getLogger(GatewayInterceptor.class);
    private static final CharSequence EXPECT = HttpHeaders.EXPECT;
    private static final String X_FORWARDED_PROTO = "X-Forwarded-Proto";
    private static final String STARTED = "bindery.started";
    private static final String RECORDED = "bindery.recorded";
    /** The upstream that serves published sites (see {@link SiteHosts}). */
    private static final String READER = "sites";

    private final String service;
    private final long timeoutMs;
    private final BodyLimit bodyLimit;
    private final TextMapPropagator propagator;
    /** Whether this interceptor writes the request's trace context (no Vert.x client tracer does: nothing is sampled). */
    private final boolean sendsTraceContext;
    private final UpstreamMetrics metrics;

    GatewayInterceptor(String service, long timeoutMs, BodyLimit bodyLimit, TextMapPropagator propagator,
                       boolean sendsTraceContext, UpstreamMetrics metrics) {
        this.sendsTraceContext = sendsTraceContext;
        this.service = service;
        this.timeoutMs = timeoutMs;
        this.bodyLimit = bodyLimit;
        this.propagator = propagator;
        this.metrics = metrics;
    }

    @Override
    public Future<ProxyResponse> handleProxyRequest(ProxyContext context) {
        ProxyRequest request = context.request();
        HttpServerRequest incoming = request.proxiedRequest();
        MultiMap headers = request.headers();
        String requestId = incoming.response().headers().get(GatewayHeaders.X_REQUEST_ID);
        if (requestId != null) {
            headers.set(GatewayHeaders.X_REQUEST_ID, requestId);
        }
        if (headers.contains(EXPECT)) {
            headers.remove(EXPECT); // the gateway answered 100-continue itself
        }
        String uri = request.getURI();
        if (READER.equals(service) && !uri.startsWith("/v1") && !uri.startsWith("/s/")) {
            // only a site on its own hostname reaches the reader outside /s/ (GatewayRoutes decided): say which
            headers.set(SiteHosts.SITE_HOST_HEADER, SiteHosts.hostname(incoming.getHeader(HttpHeaders.HOST)));
            request.setURI(SiteHosts.READER_HOST_PREFIX + uri);
        }
        // the trace goes on in the service, from this request's span, never from the client's own headers (the service
        // would see two): while traces are sampled, OpenTelemetry's Vert.x client tracer adds the traceparent of its
        // client span when the request is sent; while none is, its instrumentation is off and this writes the
        // gateway's unsampled span (UnsampledTraceContext). Without OpenTelemetry a client's traceparent passes as it came
        Context trace = Context.current();
        if (Span.fromContext(trace).getSpanContext().isValid()) {
            for (String field : propagator.fields()) {
                headers.remove(field);
            }
            if (sendsTraceContext) {
                propagator.inject(trace, headers, MultiMap::set);
            }
        }
        context.set(STARTED, System.nanoTime());
        if (!headers.contains(X_FORWARDED_PROTO)) {
            // the reader marks its cookies Secure behind TLS; an ingress that ended TLS sets this header itself
            headers.set(X_FORWARDED_PROTO, incoming.isSSL() ? "https" : "http");
        }
        LimitedBody limited = null;
        Body body = request.getBody();
        if (body != null && body.length() < 0 && headers.contains(HttpHeaders.TRANSFER_ENCODING)) {
            limited = new LimitedBody(body.stream(), bodyLimit.maxBytes());
            request.setBody(Body.body(limited, -1));
        }
        LimitedBody counted = limited;
        return context.sendRequest().recover(failure -> Future.succeededFuture(failed(context, failure, counted)));
    }

    private ProxyResponse failed(ProxyContext context, Throwable failure, LimitedBody body) {
        ProxyRequest request = context.request();
        int code;
        String message;
        if (body != null && body.exceeded()) {
            code = 413;
            message = bodyLimit.message();
            bodyLimit.closeAfterResponse(request.proxiedRequest(), request.proxiedRequest().response());
        } else if (failure instanceof UpstreamConnectException) {
            code = 503;
            message = "upstream service '" + service + "' is unavailable";
        } else if (failure instanceof TimeoutException) {
            code = 504;
            message = "upstream service '" + service + "' did not answer within " + timeoutMs + " ms";
        } else {
            code = 502;
            message = "upstream service '" + service + "' failed to answer";
        }
        LOG.debugf("%d from upstream %s: %s", code, service, failure);
        metrics.record(service, code, context.get(STARTED, Long.class));
        context.set(RECORDED, Boolean.TRUE);
        return request.release().response()
                .setStatusCode(code)
                .putHeader(GatewayHeaders.CONTENT_TYPE, GatewayHeaders.APPLICATION_JSON)
                .setBody(Body.body(Errors.body(code, message)));
    }

    /** The message for an upstream error that came without a body. */
    static String emptyErrorMessage(int code) {
        return switch (code) {
            case 414 -> "request target too long";
            case 431 -> "request headers too large";
            default -> {
                String reason = HttpResponseStatus.valueOf(code).reasonPhrase();
                yield reason.isEmpty() || reason.startsWith("Unknown") ? "request failed" : reason.toLowerCase(java.util.Locale.ROOT);
            }
        };
    }

    @Override
    public Future<Void> handleProxyResponse(ProxyContext context) {
        if (context.get(RECORDED, Boolean.class) == null) { // a failure's own answer was counted in failed()
            metrics.record(service, context.response().getStatusCode(), context.get(STARTED, Long.class));
        }
        MultiMap upstream = context.response().headers();
        upstream.remove(GatewayHeaders.X_REQUEST_ID);
        if (upstream.contains(GatewayHeaders.ACCESS_CONTROL_ALLOW_ORIGIN)) {
            upstream.remove(GatewayHeaders.ACCESS_CONTROL_ALLOW_ORIGIN);
            upstream.remove(GatewayHeaders.ACCESS_CONTROL_EXPOSE_HEADERS);
            upstream.remove(GatewayHeaders.ACCESS_CONTROL_ALLOW_CREDENTIALS);
        }
        if (upstream.contains(GatewayHeaders.X_RATELIMIT_LIMIT)) {
            upstream.remove(GatewayHeaders.X_RATELIMIT_LIMIT);
            upstream.remove(GatewayHeaders.X_RATELIMIT_REMAINING);
            upstream.remove(GatewayHeaders.X_RATELIMIT_RESET);
        }
        ProxyResponse response = context.response();
        Body body = response.getBody();
        int code = response.getStatusCode();
        if (code >= 400 && body != null && body.length() == 0
                && !HttpMethod.HEAD.equals(context.request().getMethod())) {
            upstream.remove(HttpHeaders.CONTENT_LENGTH);
            response.putHeader(GatewayHeaders.CONTENT_TYPE, GatewayHeaders.APPLICATION_JSON)
                    .setBody(Body.body(Errors.body(code, emptyErrorMessage(code))));
        }
        return context.sendResponse();
    }
}
