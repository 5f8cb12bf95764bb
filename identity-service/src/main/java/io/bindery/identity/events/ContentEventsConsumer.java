package io.bindery.identity.events;

import io.bindery.identity.config.IdentityConfig;
import io.bindery.identity.grants.SpaceGrants;
import io.bindery.contracts.content.ContentEventTypes;
import io.bindery.contracts.content.PermissionChanged;
import io.bindery.contracts.content.SpaceChanged;
import io.bindery.contracts.content.SpacePurged;
import io.bindery.commons.events.TopicConsumer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;

/**
 * Reads bindery.content.events for the {@code spaces} counters of Member and Team: space grants to users and
 * teams ({@code bindery.space.permission.updated.v1} / {@code .removed.v1}) and the space events that void them
 * ({@code deleted}, {@code restored}, {@code transferred}, {@code purged}). Collection grants and everything else
 * are ignored. {@link SpaceGrants} applies each event once (by its id) and ignores facts older than those stored,
 * so redelivery and reordering change nothing.
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
    protected void handlers() {
        on(List.of(ContentEventTypes.SPACE_PERMISSION_UPDATED, ContentEventTypes.SPACE_PERMISSION_REMOVED),
                PermissionChanged.class, grants::permissionChanged);
        on(List.of(ContentEventTypes.SPACE_DELETED, ContentEventTypes.SPACE_RESTORED), SpaceChanged.class,
                grants::deletedOrRestored);
        on(ContentEventTypes.SPACE_TRANSFERRED, SpaceChanged.class, grants::transferred);
        on(ContentEventTypes.SPACE_PURGED, SpacePurged.class, grants::purged);
    }
}
