package io.bindery.integrations.organizations;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.events.TopicConsumer;
import io.bindery.contracts.identity.IdentityEventTypes;
import io.bindery.contracts.identity.OrganizationChanged;
import io.bindery.integrations.config.IntegrationsConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.time.Instant;

/**
 * Keeps {@code organization_view} current from identity's organization events, so that an integration shows its
 * owner as GitBook's Organization object and can be published by subdomain. Idempotent: a row only moves forward
 * (an older or replayed event changes nothing).
 */
@ApplicationScoped
public class OrganizationsConsumer extends TopicConsumer {
    @Inject
    EntityManager em;
    @Inject
    IntegrationsConfig config;

    @Override
    protected String topic() {
        return IdentityEventTypes.TOPIC;
    }

    /** commons' membership projection reads the same topic under the default group: this one has its own. */
    @Override
    protected String groupSuffix() {
        return "-" + topic() + "-organizations";
    }

    @Override
    protected boolean enabled() {
        return config.consumers().identityOrganizations().enabled();
    }

    @Override
    protected void apply(JsonNode event) {
        String type = event.path("type").asText();
        if (!IdentityEventTypes.ORGANIZATION_CREATED.equals(type) && !IdentityEventTypes.ORGANIZATION_UPDATED.equals(type)) {
            return;
        }
        JsonNode data = event.path("data");
        OrganizationChanged org = dataAs(data, OrganizationChanged.class);
        if (org.id() == null || org.id().isBlank()) {
            return;
        }
        Instant version = event.hasNonNull("time") ? Instant.parse(event.get("time").asText()) : Instant.now();
        em.createNativeQuery("""
                        INSERT INTO organization_view (id, hostname, data, version) VALUES (:id, :h, CAST(:d AS jsonb), :v)
                        ON CONFLICT (id) DO UPDATE SET hostname = EXCLUDED.hostname, data = EXCLUDED.data,
                            version = EXCLUDED.version
                        WHERE organization_view.version <= EXCLUDED.version""")
                .setParameter("id", org.id()).setParameter("h", org.hostname()).setParameter("d", data.toString())
                .setParameter("v", version).executeUpdate();
    }
}
