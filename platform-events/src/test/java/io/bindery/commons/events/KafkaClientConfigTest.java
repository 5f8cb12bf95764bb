package io.bindery.commons.events;

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

class KafkaClientConfigTest {
    @Test
    void aDeploymentsSecuritySettingsReachTheClientsAndQuarkusOwnKeysDoNot() {
        Properties p = KafkaClientConfig.from(Map.of("bootstrap.servers", "kafka:9093", "security.protocol", "SASL_SSL",
                "sasl.mechanism", "SCRAM-SHA-512", "sasl.jaas.config", "org.apache.kafka...ScramLoginModule required;",
                "ssl.truststore.location", "/etc/bindery/kafka-ca/ca.crt", "devservices.enabled", "false",
                "health.enabled", "true", "snappy.enabled", "false", "tls-configuration-name", "x"));
        assertEquals("SASL_SSL", p.get("security.protocol"));
        assertEquals("SCRAM-SHA-512", p.get("sasl.mechanism"));
        assertEquals("/etc/bindery/kafka-ca/ca.crt", p.get("ssl.truststore.location"));
        assertEquals("kafka:9093", p.get("bootstrap.servers"));
        assertFalse(p.containsKey("devservices.enabled") || p.containsKey("health.enabled") || p.containsKey("snappy.enabled")
                || p.containsKey("tls-configuration-name"));
    }
}
