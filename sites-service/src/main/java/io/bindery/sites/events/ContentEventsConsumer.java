package io.bindery.sites.events;

import io.bindery.commons.events.Delivery;
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
    protected void handlers() {
        on(ContentEventTypes.SPACE_VIEWS, SpaceData.class, this::spaceChanged);
        on(ContentEventTypes.SPACE_CONTENT_UPDATED, SpaceContentUpdated.class, this::contentUpdated);
        on(ContentEventTypes.SPACE_PURGED, SpacePurged.class, this::spacePurged);
    }

    private void spaceChanged(Delivery<SpaceData> event) {
        SpaceData space = event.data();
        sources.upsert(space);
        // only these can take a space out of its sites; the others just refresh the stored view
        if (space.deleted() || ContentEventTypes.SPACE_TRANSFERRED.equals(event.type())) {
            siteSpaces.spaceGone(space.id(), space.deleted() ? null : space.organization());
        }
    }

    private void contentUpdated(Delivery<SpaceContentUpdated> event) {
        SpaceContentUpdated moved = event.data();
        if (moved.space() == null || moved.revision() == null) {
            throw new IllegalArgumentException("a content update without space or revision");
        }
        sources.revisionMoved(moved.space(), moved.revision());
    }

    private void spacePurged(Delivery<SpacePurged> event) {
        if (event.data().id() == null) {
            throw new IllegalArgumentException("a purge without a space id");
        }
        siteSpaces.spaceGone(event.data().id(), null);
        sources.remove(event.data().id());
    }
}
