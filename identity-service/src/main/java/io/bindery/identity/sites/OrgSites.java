package io.bindery.identity.sites;

import io.bindery.commons.events.Delivery;
import io.bindery.contracts.sites.SiteData;
import io.bindery.contracts.sites.SitesEventTypes;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

/**
 * The organizations' sites as sites-service reports them on {@code bindery.sites.events}, kept for the {@code sites}
 * counter of Member (GitBook 0.202.0 requires it). Every member with a role reads all of its organization's sites
 * (sites' {@code SitePolicy}; Bindery has no per-user site grants), so a member reaches the organization's live
 * sites and a guest none. Fed by {@link io.bindery.identity.events.SitesEventsConsumer}.
 */
@ApplicationScoped
public class OrgSites {
    @Inject
    OrgSiteStore store;

    /** A site created or deleted; applying an event again changes nothing. Data without ids is dead-lettered. */
    @Transactional(Transactional.TxType.MANDATORY)
    public boolean createdOrDeleted(Delivery<SiteData> event) {
        SiteData site = event.data();
        if (site == null || site.id() == null || site.organization() == null) {
            throw new IllegalArgumentException("a site event names no site or organization");
        }
        store.record(site.id(), site.organization(), SitesEventTypes.SITE_DELETED.equals(event.type()));
        return true;
    }

    /** The organization's sites not deleted (a member with a role reaches them all, a guest none). */
    public long live(String organizationId) {
        return store.live(organizationId);
    }
}
