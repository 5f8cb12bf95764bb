package io.bindery.integrations.sources;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.bindery.commons.events.Delivery;
import io.bindery.commons.events.TopicConsumer;
import io.bindery.contracts.sites.SiteData;
import io.bindery.contracts.sites.SitesEventTypes;
import io.bindery.integrations.config.IntegrationsConfig;
import io.bindery.integrations.events.IntegrationEvents;
import io.bindery.integrations.targets.TargetKind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Set;

/**
 * Follows sites (bindery.sites.events, keyed by site): each site event's SiteData is stored in {@code site_source}
 * (the site's organization, the Site of expand=true). {@code bindery.site.published.v1} becomes
 * {@code site_published} for every installation that covers the site and holds {@code site:metadata:read}.
 */
@ApplicationScoped
public class SitesEventsConsumer extends TopicConsumer {
    private static final Set<String> SITE_VIEWS = Set.of(SitesEventTypes.SITE_CREATED, SitesEventTypes.SITE_UPDATED,
            SitesEventTypes.SITE_DELETED, SitesEventTypes.SITE_PUBLISHED, SitesEventTypes.SITE_UNPUBLISHED);

    @Inject
    IntegrationsConfig config;
    @Inject
    Sources sources;
    @Inject
    IntegrationEvents integrationEvents;

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
        on(SITE_VIEWS, SiteData.class, this::siteChanged);
    }

    private void siteChanged(Delivery<SiteData> event) {
        SiteData site = event.data();
        if (site.id() == null || site.organization() == null) {
            throw new IllegalArgumentException("a site event without id or organization");
        }
        sources.upsert(TargetKind.SITE, site.id(), site.organization(), site,
                SitesEventTypes.SITE_DELETED.equals(event.type()), site.updatedAt());
        if (SitesEventTypes.SITE_PUBLISHED.equals(event.type())) {
            integrationEvents.recordPlatformEvent(event.id(), site.organization(), TargetKind.SITE,
                    site.id(), Scopes.SITE_METADATA, "site_published",
                    JsonNodeFactory.instance.objectNode().put("published", site.published()));
        }
    }
}
