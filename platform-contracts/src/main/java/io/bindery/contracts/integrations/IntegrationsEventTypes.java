package io.bindery.contracts.integrations;

import java.util.Map;

/**
 * The CloudEvent types integrations-service publishes on {@value #TOPIC} (documented in its asyncapi.yaml), each
 * keyed by the integration's name, with the integration as {@link IntegrationData} (never its script, secrets or
 * signing secret).
 */
public final class IntegrationsEventTypes {
    public static final String TOPIC = "bindery.integrations.events";

    /** A first publish or a new version (republish). */
    public static final String INTEGRATION_PUBLISHED = "bindery.integration.published.v1";
    public static final String INTEGRATION_DELETED = "bindery.integration.deleted.v1";

    /** Each type's data record. */
    public static final Map<String, Class<?>> PAYLOADS = Map.of(
            INTEGRATION_PUBLISHED, IntegrationData.class, INTEGRATION_DELETED, IntegrationData.class);

    private IntegrationsEventTypes() {
    }
}
