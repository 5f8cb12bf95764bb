package io.bindery.commons.tracing;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import io.opentelemetry.sdk.trace.samplers.SamplingDecision;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TraceSamplingTest {
    static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";

    static SamplingDecision decide(Sampler sampler, Context parent, String traceId) {
        return sampler.shouldSample(parent, traceId, "GET /v1/user", SpanKind.SERVER, Attributes.empty(), List.of())
                .getDecision();
    }

    static Context parent(boolean sampled) {
        return Context.root().with(Span.wrap(SpanContext.createFromRemoteParent(TRACE, "00f067aa0ba902b7",
                sampled ? TraceFlags.getSampled() : TraceFlags.getDefault(), TraceState.getDefault())));
    }

    @Test
    void offByDefaultWhateverTheParentAsks() {
        for (double ratio : new double[] {0, -1, Double.NaN}) {
            Sampler off = TraceSampling.forRatio(ratio);
            assertEquals(SamplingDecision.DROP, decide(off, Context.root(), TRACE));
            assertEquals(SamplingDecision.DROP, decide(off, parent(true), TRACE), "a client's sampled flag records nothing");
        }
    }

    @Test
    void oneRecordsNewTracesAndFollowsAParentsDecision() {
        Sampler all = TraceSampling.forRatio(1);
        assertEquals(SamplingDecision.RECORD_AND_SAMPLE, decide(all, Context.root(), TRACE));
        assertEquals(SamplingDecision.RECORD_AND_SAMPLE, decide(all, parent(true), TRACE));
        assertEquals(SamplingDecision.DROP, decide(all, parent(false), TRACE), "one trace: recorded everywhere or nowhere");
    }

    @Test
    void aRatioRecordsThatShareOfNewTraces() {
        Sampler tenth = TraceSampling.forRatio(0.1);
        java.util.Random random = new java.util.Random(42);
        int recorded = 0;
        for (int i = 0; i < 10_000; i++) {
            String traceId = String.format("%016x%016x", random.nextLong(), random.nextLong());
            if (decide(tenth, Context.root(), traceId) == SamplingDecision.RECORD_AND_SAMPLE) {
                recorded++;
            }
        }
        assertTrue(recorded > 800 && recorded < 1200, recorded + " of 10,000 recorded at 0.1");
    }
}
