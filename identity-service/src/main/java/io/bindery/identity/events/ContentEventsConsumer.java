package io.bindery.identity.events;

import io.bindery.identity.config.IdentityConfig;
import io.bindery.identity.grants.SpaceGrants;
import io.bindery.contracts.content.ContentEventTypes;
import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.events.TopicConsumer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Reads bindery.content.events for the {@code spaces} counters of Member and Team: space grants to users and
 * teams ({@code bindery.space.permission.updated.v1} / {@code .removed.v1}) and the space events that void them
 * ({@code deleted}, {@code restored}, {@code transferred}, {@code purged}). Collection grants and everything else
 * are ignored. {@link SpaceGrants#apply} is idempotent by event id and ignores facts older than those stored, so
 * redelivery and reordering change nothing.
 */
@ApplicationScoped
public class ContentEventsConsumer extends TopicConsumer {

    @Inject
    SpaceGrants grants;
    @Inject
    IdentityConfig config;

    @Override
    protected String topic() {
        return ContentEventTypes.TOPIC;
    }

    @Override
    protected boolean enabled() {
        return config.consumers().contentEvents().enabled();
    }

    @Override
    protected void apply(JsonNode event) {
        grants.apply(event);
    }
}
