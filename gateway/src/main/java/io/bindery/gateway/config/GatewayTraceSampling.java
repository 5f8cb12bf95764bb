package io.bindery.gateway.config;

import io.bindery.commons.tracing.TraceSampling;
import io.bindery.commons.tracing.UnsampledTraceContext;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import io.vertx.ext.web.Router;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The gateway's trace sampler, the services' own ({@link TraceSampling}: {@code bindery.tracing.sampler-ratio}, off by
 * default), and with nothing sampled the trace context of {@link UnsampledTraceContext} in place of Quarkus' Vert.x
 * HTTP instrumentation: the gateway does not index platform-commons' beans, so it produces and registers them here.
 */
@Singleton
public class GatewayTraceSampling {
    @ConfigProperty(name = TraceSampling.RATIO, defaultValue = "0")
    double ratio;

    @Produces
    @Singleton
    Sampler sampler() {
        return TraceSampling.forRatio(ratio);
    }

    /** Whether any trace is recorded; when none is, the gateway carries the trace context itself. */
    public boolean recordsTraces() {
        return TraceSampling.records(ratio);
    }

    void register(@Observes Router router, OpenTelemetry openTelemetry) {
        if (!recordsTraces()) {
            router.route().order(UnsampledTraceContext.ORDER)
                    .handler(UnsampledTraceContext.handler(openTelemetry.getPropagators().getTextMapPropagator()));
        }
    }
}
