package io.bindery.commons.tracing;

import io.opentelemetry.sdk.trace.samplers.Sampler;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Which traces are recorded (and so exported), chosen at run time by {@code bindery.tracing.sampler-ratio}
 * ({@code BINDERY_TRACING_SAMPLER_RATIO}; the chart's {@code tracing.samplerRatio}). Quarkus fixes
 * {@code quarkus.otel.traces.sampler} at build time and ignores it at run time, but it takes a {@link Sampler} bean
 * over its own, so this bean is how an operator turns recording on without a rebuild.
 * <ul>
 *   <li>0 (the default), a negative number: nothing is recorded, whatever a client's {@code traceparent} asks; the
 *       trace context still flows through the gateway, the services and the CloudEvents, so logs keep their trace id;</li>
 *   <li>between 0 and 1: that share of new traces (by trace id), and a trace started elsewhere is recorded when its
 *       parent was (so one trace is recorded in every service or in none);</li>
 *   <li>1 or more: every trace.</li>
 * </ul>
 * The gateway does not index platform-commons' beans; it produces the same sampler with {@link #forRatio(double)}.
 */
@Singleton
public class TraceSampling {
    public static final String RATIO = "bindery.tracing.sampler-ratio";

    @Produces
    @Singleton
    Sampler sampler(@ConfigProperty(name = RATIO, defaultValue = "0") double ratio) {
        return forRatio(ratio);
    }

    public static Sampler forRatio(double ratio) {
        if (!records(ratio)) {
            return Sampler.alwaysOff();
        }
        return Sampler.parentBased(ratio >= 1 ? Sampler.alwaysOn() : Sampler.traceIdRatioBased(ratio));
    }

    /** Whether a ratio records any trace at all: above 0 (not NaN). */
    public static boolean records(double ratio) {
        return ratio > 0;
    }

    /** {@link #records(double)} of a configured value; none, or one that is no number, records nothing. */
    public static boolean records(io.smallrye.config.ConfigValue ratio) {
        if (ratio == null || ratio.getValue() == null) {
            return false;
        }
        try {
            return records(Double.parseDouble(ratio.getValue().strip()));
        } catch (NumberFormatException e) {
            return false; // the sampler bean's own conversion of the same value refuses it at start
        }
    }
}
