package io.bindery.commons.events;

import com.fasterxml.jackson.databind.JsonNode;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapPropagator;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Traces across Kafka. A change's CloudEvent carries the W3C trace context of the request that made it (CloudEvents'
 * distributed tracing extension, {@code traceparent} / {@code tracestate}); a consumer applies the event in a span of
 * that trace, so one trace runs from the gateway through the producing service and across the topic into every
 * consumer. Whether spans are recorded and exported is OpenTelemetry's configuration (see the README): the context
 * flows either way, so logs carry the trace id even when nothing is exported.
 */
@ApplicationScoped
public class EventTracing {
    public static final String TRACEPARENT = "traceparent";
    public static final String TRACESTATE = "tracestate";

    @Inject
    OpenTelemetry openTelemetry;

    /** The current trace context as the CloudEvent attributes it travels in; empty when there is none. */
    public Map<String, String> current() {
        return inject(openTelemetry.getPropagators().getTextMapPropagator(), Context.current());
    }

    static Map<String, String> inject(TextMapPropagator propagator, Context context) {
        Map<String, String> out = new HashMap<>();
        if (Span.fromContext(context).getSpanContext().isValid()) {
            propagator.inject(context, out, Map::put);
        }
        return out;
    }

    /** Applies an event in a consumer span that continues the trace the event carries (a new one when it has none). */
    public void consume(String topic, JsonNode event, Runnable apply) {
        consume(openTelemetry, topic, event, apply);
    }

    static void consume(OpenTelemetry openTelemetry, String topic, JsonNode event, Runnable apply) {
        Context parent = openTelemetry.getPropagators().getTextMapPropagator().extract(Context.root(), event, FROM_EVENT);
        Span span = openTelemetry.getTracer("io.bindery.events").spanBuilder(topic + " process")
                .setParent(parent).setSpanKind(SpanKind.CONSUMER)
                .setAttribute("messaging.system", "kafka")
                .setAttribute("messaging.destination.name", topic)
                .setAttribute("messaging.operation.type", "process")
                .setAttribute("cloudevents.event_id", event.path("id").asText(""))
                .setAttribute("cloudevents.event_type", event.path("type").asText(""))
                .startSpan();
        try (Scope ignored = span.makeCurrent()) {
            apply.run();
        } catch (RuntimeException e) {
            span.recordException(e);
            span.setStatus(StatusCode.ERROR);
            throw e;
        } finally {
            span.end();
        }
    }

    /** Reads the trace context attributes of a CloudEvent in structured JSON mode. */
    static final TextMapGetter<JsonNode> FROM_EVENT = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(JsonNode event) {
            return List.of(TRACEPARENT, TRACESTATE);
        }

        @Override
        public String get(JsonNode event, String key) {
            JsonNode value = event == null ? null : event.get(key);
            return value == null || !value.isTextual() ? null : value.asText();
        }
    };
}
