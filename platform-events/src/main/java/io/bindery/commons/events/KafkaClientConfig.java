package io.bindery.commons.events;

import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * The Kafka client settings every producer and consumer of a service shares: every {@code kafka.*} property and
 * {@code KAFKA_*} environment variable (as Quarkus' kafka-client gathers them into its {@code default-kafka-broker}
 * map), so a deployment's {@code KAFKA_SECURITY_PROTOCOL}, {@code KAFKA_SASL_MECHANISM}, {@code KAFKA_SASL_JAAS_CONFIG},
 * {@code KAFKA_SSL_TRUSTSTORE_LOCATION}, … reach the clients. Quarkus' own keys that are not Kafka client settings
 * are left out.
 */
public final class KafkaClientConfig {
    private static final Set<String> QUARKUS_ONLY = Set.of("devservices", "health", "snappy", "ui", "tls-configuration-name");

    private KafkaClientConfig() {
    }

    public static Properties from(Map<String, Object> defaultBroker) {
        Properties out = new Properties();
        defaultBroker.forEach((key, value) -> {
            String first = key.contains(".") ? key.substring(0, key.indexOf('.')) : key;
            if (value != null && !QUARKUS_ONLY.contains(first) && !QUARKUS_ONLY.contains(key)) {
                out.put(key, value);
            }
        });
        return out;
    }
}
