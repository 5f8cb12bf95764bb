package io.bindery.integrations.organizations;

import io.bindery.commons.events.Delivery;
import io.bindery.commons.events.TopicConsumer;
import io.bindery.contracts.identity.IdentityEventTypes;
import io.bindery.contracts.identity.OrganizationChanged;
import io.bindery.integrations.config.IntegrationsConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;
import java.util.List;

/**
 * Keeps {@code organization_view} current from identity's organization events, so that an integration shows its
 * owner as GitBook's Organization object and can be published by subdomain. Idempotent: a row only moves forward
 * (an older or replayed event changes nothing).
 */
@ApplicationScoped
public class OrganizationsConsumer extends TopicConsumer {
    @Inject
    OrganizationStore store;
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
    protected void handlers() {
        on(List.of(IdentityEventTypes.ORGANIZATION_CREATED, IdentityEventTypes.ORGANIZATION_UPDATED),
                OrganizationChanged.class, this::store);
    }

    private void store(Delivery<OrganizationChanged> event) {
        OrganizationChanged org = event.data();
        if (org.id() == null || org.id().isBlank()) {
            return;
        }
        store.upsert(org.id(), org.hostname(), event.rawData().toString(), event.timeOr(Instant.now()));
    }
}
