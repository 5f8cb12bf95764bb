package io.bindery.sites.events;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.events.TopicConsumer;
import io.bindery.contracts.content.ContentEventTypes;
import io.bindery.contracts.content.SpaceData;
import io.bindery.contracts.content.SpacePurged;
import io.bindery.contracts.content.SpaceContentUpdated;
import io.bindery.sites.config.SitesConfig;
import io.bindery.sites.sitespace.SiteSpaceRows;
import io.bindery.sites.sitespace.SpaceSources;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;


/**
 * Follows content's spaces (bindery.content.events, keyed by space, so one space's events arrive in order):
 * <ul>
 *   <li>every space event's data is the public Space view: it becomes the stored space that site spaces embed
 *       (newest {@code updatedAt} wins, so a redelivery or a late event changes nothing);</li>
 *   <li>{@code bindery.space.content.updated.v1} moves the stored space's current revision (what the reader
 *       shows);</li>
 *   <li>a deleted space leaves every site, and a space transferred to another organization leaves the sites of
 *       the one it left; a purged one is forgotten. Removing what is already gone does nothing.</li>
 * </ul>
 */
@ApplicationScoped
public class ContentEventsConsumer extends TopicConsumer {
    @Inject
    SitesConfig config;
    @Inject
    SpaceSources sources;
    @Inject
    SiteSpaceRows siteSpaces;

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
        String type = event.path("type").asText();
        JsonNode data = event.path("data");
        if (!data.isObject()) {
            return;
        }
        if (ContentEventTypes.SPACE_VIEWS.contains(type)) {
            SpaceData space = dataAs(data, SpaceData.class);
            sources.upsert(space);
            // only these can take a space out of its sites; the others just refresh the stored view
            if (space.deleted() || ContentEventTypes.SPACE_TRANSFERRED.equals(type)) {
                siteSpaces.spaceGone(space.id(), space.deleted() ? null : space.organization());
            }
        } else if (ContentEventTypes.SPACE_CONTENT_UPDATED.equals(type)) {
            SpaceContentUpdated moved = dataAs(data, SpaceContentUpdated.class);
            if (moved.space() == null || moved.revision() == null) {
                throw new IllegalArgumentException("a content update without space or revision");
            }
            sources.revisionMoved(moved.space(), moved.revision());
        } else if (ContentEventTypes.SPACE_PURGED.equals(type)) {
            SpacePurged purged = dataAs(data, SpacePurged.class);
            if (purged.id() == null) {
                throw new IllegalArgumentException("a purge without a space id");
            }
            siteSpaces.spaceGone(purged.id(), null);
            sources.remove(purged.id());
        }
    }
}
