package io.bindery.commons.tracing;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Context;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class UnsampledTraceContextTest {
    static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
    static final String CLIENT_SPAN = "00f067aa0ba902b7";

    @Test
    void aClientsTraceGoesOnFromASpanOfOurOwnThatRecordsNothing() {
        TraceState state = TraceState.builder().put("vendor", "x1").build();
        Context client = Context.root().with(Span.wrap(SpanContext.createFromRemoteParent(TRACE, CLIENT_SPAN,
                TraceFlags.getSampled(), state)));
        Span own = Span.fromContext(UnsampledTraceContext.childOf(client));
        SpanContext ctx = own.getSpanContext();
        assertTrue(ctx.isValid());
        assertEquals(TRACE, ctx.getTraceId(), "the client's trace");
        assertNotEquals(CLIENT_SPAN, ctx.getSpanId(), "a span id of this process");
        assertFalse(ctx.isSampled(), "nothing is recorded, whatever the client asked");
        assertFalse(own.isRecording());
        assertEquals("x1", ctx.getTraceState().get("vendor"), "the client's tracestate passes on");
    }

    @Test
    void withoutAValidParentATraceStarts() {
        SpanContext first = Span.fromContext(UnsampledTraceContext.childOf(Context.root())).getSpanContext();
        SpanContext second = Span.fromContext(UnsampledTraceContext.childOf(Context.root())).getSpanContext();
        assertTrue(first.isValid() && second.isValid());
        assertNotEquals(first.getTraceId(), second.getTraceId(), "each request its own trace");
        assertFalse(first.isSampled());
    }

    static SmallRyeConfig config(Map<String, String> explicit, String ratio) {
        Map<String, String> app = new HashMap<>(explicit);
        if (ratio != null) {
            app.put(TraceSampling.RATIO, ratio);
        }
        return new SmallRyeConfigBuilder()
                .withInterceptors(new HttpInstrumentationSwitch())
                .withDefaultValue(HttpInstrumentationSwitch.VERTX_HTTP, "true") // the extension's own default
                .withSources(new PropertiesConfigSource(app, "application.properties", 250))
                .build();
    }

    static boolean instrumented(SmallRyeConfig config) {
        return config.getValue(HttpInstrumentationSwitch.VERTX_HTTP, Boolean.class);
    }

    @Test
    void theVertxHttpInstrumentationRunsOnlyWhenTracesAreRecorded() {
        assertFalse(instrumented(config(Map.of(), null)), "off by default (ratio 0)");
        assertFalse(instrumented(config(Map.of(), "0")));
        assertFalse(instrumented(config(Map.of(), "-1")));
        assertFalse(instrumented(config(Map.of(), "not a number")), "the sampler bean refuses that at start anyway");
        assertTrue(instrumented(config(Map.of(), "0.25")));
        assertTrue(instrumented(config(Map.of(), "1")));
    }

    @Test
    void anOperatorsExplicitChoiceWins() {
        assertTrue(instrumented(config(Map.of(HttpInstrumentationSwitch.VERTX_HTTP, "true"), "0")));
        assertFalse(instrumented(config(Map.of(HttpInstrumentationSwitch.VERTX_HTTP, "false"), "1")));
    }

    @Test
    void otherPropertiesPassUntouched() {
        assertEquals("0.5", config(Map.of(), "0.5").getRawValue(TraceSampling.RATIO));
    }
}
