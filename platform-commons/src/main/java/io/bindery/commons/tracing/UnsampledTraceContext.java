package io.bindery.commons.tracing;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.opentelemetry.sdk.trace.IdGenerator;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The request's trace context when nothing is sampled and Quarkus' Vert.x HTTP instrumentation is off
 * ({@link HttpInstrumentationSwitch}): the client's {@code traceparent} (or a new trace) with a span id of this process,
 * made current for the request, as a span that records nothing. What the instrumentation gave and the rest of Bindery
 * relies on stays: the MDC's {@code traceId} and {@code spanId} (Quarkus' context storage sets them), the
 * {@code traceparent} of the CloudEvents a request publishes (EventTracing), the REST Clients' outgoing
 * {@code traceparent}, and in the gateway the one it sends to the service.
 * <p>It costs a header parse and a random span id, against the instrumentation's extractors, span and scopes that
 * ran whatever the sampler decided. With a ratio above 0 nothing is registered and Quarkus' instrumentation records.
 */
@Singleton
public class UnsampledTraceContext {
    /** Before everything else of the request (RequestIdLogging is at -120), so every handler's logs carry the trace. */
    public static final int ORDER = -200;

    private static final IdGenerator IDS = IdGenerator.random();
    private static final TextMapGetter<HttpServerRequest> HEADERS = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(HttpServerRequest request) {
            return request.headers().names();
        }

        @Override
        public String get(HttpServerRequest request, String key) {
            return request == null ? null : request.getHeader(key);
        }
    };

    @ConfigProperty(name = TraceSampling.RATIO, defaultValue = "0")
    double ratio;

    void register(@Observes Router router, OpenTelemetry openTelemetry) {
        if (!TraceSampling.records(ratio)) {
            router.route().order(ORDER).handler(handler(openTelemetry.getPropagators().getTextMapPropagator()));
        }
    }

    /** The route handler, for the gateway too (it does not index platform-commons' beans). */
    public static Handler<RoutingContext> handler(TextMapPropagator propagator) {
        return ctx -> {
            // the request's own duplicated Vert.x context holds it, so it ends with the request: no scope to close
            @SuppressWarnings({"resource", "unused"})
            var scope = childOf(propagator.extract(Context.root(), ctx.request(), HEADERS)).makeCurrent();
            ctx.next();
        };
    }

    /** A context whose span continues the trace in {@code parent} (or starts one) with a new span id, unsampled. */
    public static Context childOf(Context parent) {
        SpanContext remote = Span.fromContext(parent).getSpanContext();
        String traceId = remote.isValid() ? remote.getTraceId() : IDS.generateTraceId();
        SpanContext own = SpanContext.create(traceId, IDS.generateSpanId(), TraceFlags.getDefault(),
                remote.isValid() ? remote.getTraceState() : io.opentelemetry.api.trace.TraceState.getDefault());
        return parent.with(Span.wrap(own));
    }
}
