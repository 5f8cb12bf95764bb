package io.bindery.commons.config;

import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The mapping as SmallRye Config builds it at start-up, without starting Quarkus. */
class BinderyServiceConfigTest {

    static BinderyServiceConfig build(Map<String, String> properties) {
        SmallRyeConfig config = new SmallRyeConfigBuilder()
                .withMapping(BinderyServiceConfig.class)
                .withSources(new PropertiesConfigSource(properties, "test", 100))
                .withDefaultValue("smallrye.config.mapping.validate-unknown", "false")
                .build();
        return config.getConfigMapping(BinderyServiceConfig.class);
    }

    @Test
    void defaultsAreTheOnesTheServicesRanWith() {
        BinderyServiceConfig c = build(Map.of("bindery.service.name", "content-service"));
        assertEquals("content-service", c.service().name());
        assertEquals("http://127.0.0.1:8080", c.publicUrl());
        assertEquals("http://127.0.0.1:8081", c.identityUrl());
        assertEquals(5, c.events().maxAttempts());
        assertEquals(Duration.ofMillis(100), c.events().retryBackoff());
        assertEquals(Duration.ofMinutes(15), c.events().parkedMaxAge());
        assertEquals(Duration.ofSeconds(30), c.events().retryParkedFirstDelay());
        assertEquals(Duration.ofHours(1), c.signedUrl().ttl());
        assertEquals(5, c.outbound().maxRedirects());
        assertTrue(c.internalAuth().required());
        assertTrue(c.secrets().required());
        assertTrue(c.cursor().secret().isEmpty());
    }

    @Test
    void aBadValueStopsTheStartNamingItsKey() {
        RuntimeException e = assertThrows(RuntimeException.class,
                () -> build(Map.of("bindery.events.max-attempts", "five")));
        assertTrue(e.getMessage().contains("bindery.events.max-attempts"), e.getMessage());
        RuntimeException d = assertThrows(RuntimeException.class,
                () -> build(Map.of("bindery.outbound.read-timeout", "ten seconds")));
        assertTrue(d.getMessage().contains("bindery.outbound.read-timeout"), d.getMessage());
    }

    @Test
    void otherMappingsKeysUnderBinderyAreNotErrors() {
        BinderyServiceConfig c = build(Map.of("bindery.content.deleted-retention", "P7D", "bindery.revocations.poll-ms", "10"));
        assertEquals("service", c.service().name());
    }
}
