package io.bindery.gateway.config;

import io.bindery.commons.tracing.TraceSampling;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The gateway's trace sampler, the services' own ({@link TraceSampling}: {@code bindery.tracing.sampler-ratio}, off by
 * default): the gateway does not index platform-commons' beans, so it produces the bean here.
 */
@Singleton
public class GatewayTraceSampling {

    @Produces
    @Singleton
    Sampler sampler(@ConfigProperty(name = TraceSampling.RATIO, defaultValue = "0") double ratio) {
        return TraceSampling.forRatio(ratio);
    }
}
