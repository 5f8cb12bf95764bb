package io.bindery.commons.tracing;

import io.smallrye.config.ConfigSourceInterceptor;
import io.smallrye.config.ConfigSourceInterceptorContext;
import io.smallrye.config.ConfigValue;

/**
 * Turns Quarkus' OpenTelemetry instrumentation of Vert.x HTTP ({@code quarkus.otel.instrument.vertx-http}) off when
 * nothing is sampled ({@code bindery.tracing.sampler-ratio} 0, the default), so that {@link UnsampledTraceContext}
 * carries the trace context in its place.
 * <p>Why: that instrumentation runs its attribute extractors, a span and a context on every request before the sampler
 * decides, whatever it decides: ~7-14 µs of the gateway's ~50 µs per proxied request and ~8 % of a service's (issue 29,
 * README "Performance"). With a ratio above 0 it stays on, so recorded traces keep their HTTP server and client spans.
 * A value an operator sets explicitly (application.properties, environment, system property) wins.
 * <p>Registered through {@code META-INF/services/io.smallrye.config.ConfigSourceInterceptor}, so it applies in every
 * process that has platform-commons on its class path, the gateway too.
 */
public class HttpInstrumentationSwitch implements ConfigSourceInterceptor {
    public static final String VERTX_HTTP = "quarkus.otel.instrument.vertx-http";
    /** microprofile-config.properties' ordinal: below it are only the extensions' defaults. */
    private static final int EXPLICIT_ORDINAL = 100;

    @Override
    public ConfigValue getValue(ConfigSourceInterceptorContext context, String name) {
        ConfigValue value = context.proceed(name);
        if (!VERTX_HTTP.equals(name) || (value != null && value.getConfigSourceOrdinal() >= EXPLICIT_ORDINAL)) {
            return value;
        }
        String on = Boolean.toString(TraceSampling.records(context.restart(TraceSampling.RATIO)));
        return value != null ? value.withValue(on)
                : ConfigValue.builder().withName(name).withValue(on).withConfigSourceName(getClass().getSimpleName())
                        .withConfigSourceOrdinal(Integer.MIN_VALUE).build();
    }
}
