package io.bindery.gateway.config;

import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.smallrye.config.EnvConfigSource;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URL;
import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** application.properties read through the mapping, with environment variables on top as Quarkus orders them. */
class GatewayConfigTest {

    private static GatewayConfig load(Map<String, String> env) throws IOException {
        URL properties = GatewayConfigTest.class.getResource("/application.properties");
        SmallRyeConfig config = new SmallRyeConfigBuilder()
                .withSources(new PropertiesConfigSource(properties, 250))
                .withSources(new EnvConfigSource(env, 300))
                .withConverter(Duration.class, 200, new DurationConverter())
                .withMapping(GatewayConfig.class)
                .build();
        return config.getConfigMapping(GatewayConfig.class);
    }

    @Test
    void defaults() throws IOException {
        GatewayConfig config = load(Map.of());
        assertEquals("http://127.0.0.1:8081", config.upstreams().get("identity"));
        assertEquals("http://127.0.0.1:8087", config.upstreams().get("insights"));
        assertEquals(7, config.upstreams().size());
        // 30 s in production (the gateway's own @QuarkusTests run with %test's 2 s)
        assertEquals(Duration.ofSeconds(30), config.upstreamTimeout());
        assertEquals(Duration.ofSeconds(2), config.connectTimeout());
        assertEquals(10L * 1024 * 1024, config.maxBodyBytes());
        assertEquals(java.util.List.of("/spaces/{s}/change-requests/{cr}/pdf/download"), config.signedRoutes().orElseThrow());
        assertEquals(1_000_000, config.rateLimit().perMinute());
        assertEquals(java.util.List.of("*"), config.cors().origins());
        assertTrue(config.routes().contains("/spaces/{s}/change-requests/{cr}/content/** content"));
    }

    @Test
    void environmentVariablesOverrideEveryKey() throws IOException {
        GatewayConfig config = load(Map.of(
                "BINDERY_GATEWAY_UPSTREAMS_IDENTITY", "http://identity.internal:9001",
                "BINDERY_GATEWAY_UPSTREAMS_CONTENT", "http://content.internal:9002",
                "BINDERY_GATEWAY_UPSTREAM_TIMEOUT", "750ms",
                "BINDERY_GATEWAY_CONNECT_TIMEOUT", "1s",
                "BINDERY_GATEWAY_MAX_BODY_BYTES", "1024",
                "BINDERY_GATEWAY_RATE_LIMIT_PER_MINUTE", "60",
                "BINDERY_GATEWAY_CORS_ORIGINS", "https://a.example,https://b.example",
                "BINDERY_GATEWAY_ROUTES_0_", "/user content"));
        assertEquals("http://identity.internal:9001", config.upstreams().get("identity"));
        assertEquals("http://content.internal:9002", config.upstreams().get("content"));
        assertEquals("http://127.0.0.1:8083", config.upstreams().get("review"));
        assertEquals(Duration.ofMillis(750), config.upstreamTimeout());
        assertEquals(Duration.ofSeconds(1), config.connectTimeout());
        assertEquals(1024, config.maxBodyBytes());
        assertEquals(60, config.rateLimit().perMinute());
        assertEquals(java.util.List.of("https://a.example", "https://b.example"), config.cors().origins());
        assertEquals("/user content", config.routes().get(0));
    }
}
