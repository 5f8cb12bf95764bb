package io.bindery.identity.events;

import io.bindery.commons.events.TopicConsumer;
import io.bindery.contracts.sites.SiteData;
import io.bindery.contracts.sites.SitesEventTypes;
import io.bindery.identity.config.IdentityConfig;
import io.bindery.identity.sites.OrgSites;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;

/**
 * Reads bindery.sites.events for the {@code sites} counter of Member: sites created and deleted. Everything else
 * on the topic is ignored; {@link OrgSites} applies each event so that redelivery and reordering change nothing.
 */
@ApplicationScoped
public class SitesEventsConsumer extends TopicConsumer {

    @Inject
    OrgSites sites;
    @Inject
    IdentityConfig config;

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
        on(List.of(SitesEventTypes.SITE_CREATED, SitesEventTypes.SITE_DELETED), SiteData.class, sites::createdOrDeleted);
    }
}
