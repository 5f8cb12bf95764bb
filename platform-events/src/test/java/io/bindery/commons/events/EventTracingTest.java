package io.bindery.commons.events;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The trace context a CloudEvent carries, with OpenTelemetry's real SDK, sampled or not (exporting off). */
class EventTracingTest {
    static final ObjectMapper JSON = new ObjectMapper();

    static OpenTelemetrySdk sdk(Sampler sampler) {
        return OpenTelemetrySdk.builder().setTracerProvider(SdkTracerProvider.builder().setSampler(sampler).build())
                .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance())).build();
    }

    @Test
    void aProducersTraceTravelsInTheEventAndTheConsumerContinuesIt() {
        for (Sampler sampler : new Sampler[]{Sampler.alwaysOff(), Sampler.alwaysOn()}) {
            try (OpenTelemetrySdk sdk = sdk(sampler)) {
                Span request = sdk.getTracer("test").spanBuilder("request").startSpan();
                Map<String, String> attributes;
                try (Scope ignored = request.makeCurrent()) {
                    attributes = EventTracing.inject(sdk.getPropagators().getTextMapPropagator(), Context.current());
                } finally {
                    request.end();
                }
                String traceId = request.getSpanContext().getTraceId();
                assertTrue(attributes.get(EventTracing.TRACEPARENT).contains(traceId), attributes.toString());

                ObjectNode event = JSON.createObjectNode().put("id", "e1").put("type", "bindery.space.updated.v1");
                event.put(EventTracing.TRACEPARENT, attributes.get(EventTracing.TRACEPARENT));
                AtomicReference<SpanContext> seen = new AtomicReference<>();
                EventTracing.consume(sdk, "bindery.content.events", event, () -> seen.set(Span.current().getSpanContext()));
                assertEquals(traceId, seen.get().getTraceId(), "the consumer works in the producer's trace");
                assertNotEquals(request.getSpanContext().getSpanId(), seen.get().getSpanId(), "in a span of its own");
            }
        }
    }

    @Test
    void anEventWithoutTraceStartsOneAndAFailureStillEndsTheSpan() {
        try (OpenTelemetrySdk sdk = sdk(Sampler.alwaysOff())) {
            assertTrue(EventTracing.inject(sdk.getPropagators().getTextMapPropagator(), Context.root()).isEmpty(),
                    "no trace, no attributes");
            ObjectNode event = JSON.createObjectNode().put("id", "e2").put(EventTracing.TRACEPARENT, "garbage");
            AtomicReference<SpanContext> seen = new AtomicReference<>();
            EventTracing.consume(sdk, "t", event, () -> seen.set(Span.current().getSpanContext()));
            assertTrue(seen.get().isValid(), "a trace of its own");
            assertThrows(IllegalStateException.class, () -> EventTracing.consume(sdk, "t", event, () -> {
                throw new IllegalStateException("apply failed");
            }));
        }
    }
}
