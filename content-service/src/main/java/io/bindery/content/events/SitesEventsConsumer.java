package io.bindery.content.events;

import io.bindery.commons.events.TopicConsumer;
import io.bindery.content.config.ContentConfig;
import io.bindery.contracts.sites.SiteData;
import io.bindery.contracts.sites.SiteSpaceData;
import io.bindery.contracts.sites.SitesEventTypes;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import io.bindery.content.spaces.SpaceProjections;

import java.util.List;

/**
 * Keeps the Space resource's {@code urls.published} from sites-service's site-space events
 * (bindery.sites.events, keyed by site, so one site's events arrive in order). Each event carries the site space
 * with a version ({@code updatedAt}); a row keeps the newest, and a deleted one stays as a tombstone so that a late
 * older event cannot bring it back. After each change the space's published_url is recomputed from its live
 * publications: re-applying an event sets the same value. A deleted site drops all its publications.
 */
@ApplicationScoped
public class SitesEventsConsumer extends TopicConsumer {
    @Inject
    PublicationStore publications;
    @Inject
    SpaceProjections spaces;
    @Inject
    ContentConfig config;

    @Override
    protected String topic() {
        return SitesEventTypes.TOPIC;
    }

    @Override
    protected boolean enabled() {
        return config.consumers().sitesEvents().enabled();
    }

    @Override
    protected void handlers() {
        on(List.of(SitesEventTypes.SITE_SPACE_CREATED, SitesEventTypes.SITE_SPACE_UPDATED), SiteSpaceData.class,
                event -> publication(event.data(), false));
        on(SitesEventTypes.SITE_SPACE_DELETED, SiteSpaceData.class, event -> publication(event.data(), true));
        on(SitesEventTypes.SITE_DELETED, SiteData.class, event -> siteDeleted(event.data()));
        // other site events change no space
    }

    private void publication(SiteSpaceData s, boolean deleted) {
        if (s.id() == null || s.space() == null || s.site() == null || s.updatedAt() == null) {
            throw new IllegalArgumentException("a site-space event without id, site, space or updatedAt");
        }
        // the space the row pointed at before (a PATCH may re-point a site space) is recomputed too
        List<String> before = publications.spaceOf(s.id());
        int changed = publications.put(s.id(), s.site(), s.space(), deleted ? null : s.published(), deleted, s.updatedAt());
        if (changed > 0) {
            recompute(s.space());
            before.stream().filter(old -> !old.equals(s.space())).forEach(this::recompute);
        }
    }

    private void siteDeleted(SiteData site) {
        if (site.id() == null) {
            throw new IllegalArgumentException("a site event without id");
        }
        List<String> spaceIds = publications.dropSite(site.id());
        spaceIds.stream().distinct().forEach(this::recompute);
    }

    /** The space's urls.published: its first live publication with an address (none: absent). */
    private void recompute(String spaceId) {
        spaces.recomputePublishedUrl(spaceId);
    }
}
