package io.bindery.integrations.sources;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bindery.commons.events.Delivery;
import io.bindery.commons.events.TopicConsumer;
import io.bindery.commons.projection.UserDirectory;
import io.bindery.commons.urls.PublicUrls;
import io.bindery.contracts.content.ContentEventTypes;
import io.bindery.contracts.content.SpaceContentUpdated;
import io.bindery.contracts.content.SpaceData;
import io.bindery.contracts.content.SpacePurged;
import io.bindery.integrations.config.IntegrationsConfig;
import io.bindery.integrations.events.IntegrationEvents;
import io.bindery.integrations.targets.TargetKind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;


/**
 * Follows content's spaces (bindery.content.events, keyed by space): every space event's data (the public Space)
 * is stored in {@code space_source} (which organization a space is in, the Space of expand=true); a purged space is
 * forgotten. {@code bindery.space.content.updated.v1} becomes GitBook's {@code space_content_updated} for every
 * installation that covers the space and holds {@code space:content:read}.
 */
@ApplicationScoped
public class ContentEventsConsumer extends TopicConsumer {
    @Inject
    IntegrationsConfig config;
    @Inject
    Sources sources;
    @Inject
    IntegrationEvents integrationEvents;
    @Inject
    UserDirectory users;
    @Inject
    PublicUrls urls;
    @Inject
    ObjectMapper json;

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
        on(ContentEventTypes.SPACE_VIEWS, SpaceData.class, this::spaceChanged);
        on(ContentEventTypes.SPACE_PURGED, SpacePurged.class, this::spacePurged);
        on(ContentEventTypes.SPACE_CONTENT_UPDATED, SpaceContentUpdated.class, this::contentUpdated);
    }

    private void spaceChanged(Delivery<SpaceData> event) {
        SpaceData space = event.data();
        if (space.id() == null || space.organization() == null) {
            throw new IllegalArgumentException("a space event without id or organization");
        }
        sources.upsert(TargetKind.SPACE, space.id(), space.organization(), space.withPermissions(null),
                space.deleted(), space.updatedAt());
    }

    private void spacePurged(Delivery<SpacePurged> event) {
        if (event.data().id() != null) {
            sources.remove(TargetKind.SPACE, event.data().id());
        }
    }

    private void contentUpdated(Delivery<SpaceContentUpdated> event) {
        SpaceContentUpdated moved = event.data();
        if (moved.space() == null || moved.revision() == null) {
            throw new IllegalArgumentException("a content update without space or revision");
        }
        Sources.Source space = SpaceEvents.space(sources, moved.space(), event.time(), false).orElse(null);
        if (space == null) {
            return;
        }
        ObjectNode fields = json.createObjectNode().put("revisionId", moved.revision());
        // GitBook's updatedBy (required from 0.202.0): the users content names, as User objects; an id identity no
        // longer knows is left out rather than shown as a user that does not exist
        ArrayNode updatedBy = fields.putArray("updatedBy");
        users.findAll(moved.updatedBy()).values().forEach(u -> updatedBy.add(json.valueToTree(u.view(urls))));
        integrationEvents.recordPlatformEvent(event.id(), space.organizationId(), TargetKind.SPACE,
                space.id(), Scopes.SPACE_CONTENT, "space_content_updated", fields);
    }
}
