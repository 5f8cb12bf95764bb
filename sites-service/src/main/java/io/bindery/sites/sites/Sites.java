package io.bindery.sites.sites;

import io.bindery.sites.site.SiteChanges;
import io.bindery.sites.site.SiteRecord;
import io.bindery.sites.site.SiteType;
import io.bindery.sites.site.SiteView;
import io.bindery.sites.site.SiteViews;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.lists.ListPage;
import io.bindery.contracts.sites.SitesEventTypes;
import io.bindery.sites.access.SiteAccess;
import io.bindery.sites.access.SitePolicy;
import io.bindery.sites.access.SitePolicy.Action;
import io.bindery.contracts.content.SpaceData;
import io.bindery.sites.sitespace.SiteSpaceRow;
import io.bindery.sites.site.SiteLookup;
import io.bindery.sites.sitespace.SiteSpaceRows;
import io.bindery.sites.structure.SiteStructure;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Sites of an organization: list, create, read, change settings, publish, delete; each change an event. */
@ApplicationScoped
public class Sites {
    @Inject
    SiteAccess access;
    @Inject
    SiteViews views;
    @Inject
    SiteLookup sites;
    @Inject
    SiteChanges changes;
    @Inject
    SiteSpaceRows siteSpaces;
    @Inject
    SiteStructure structure;
    @Inject
    EventPublisher events;

    /** The list's filters (GitBook's query parameters); each null when not given. */
    public record Filters(String title, Boolean published, String space, List<SiteType> types) {
    }

    @Transactional
    public ListPage<SiteView> list(String orgId, String userId, Filters f, String page, int limit) {
        SitePolicy policy = access.policy(orgId, userId);
        policy.require(Action.VIEW);
        ListPage<SiteRecord> rows = sites.page(orgId, f.title(), f.published(), f.space(), f.types(), page, limit);
        Map<String, Long> counts = siteSpaceCounts(rows.items().stream().map(SiteRecord::id).toList());
        return rows.map(s -> views.site(s, counts.getOrDefault(s.id(), 0L), policy));
    }

    /**
     * A new site, publishing {@code spaces} as its site spaces (the first one the default). Which spaces the caller
     * can read is asked of content before the write's transaction; one it cannot read is a 404 and creates nothing.
     */
    public SiteView create(String orgId, String userId, CreateSiteRequest in) {
        SitePolicy policy = access.policy(orgId, userId);
        policy.require(Action.MANAGE);
        List<SpaceData> spaces = siteSpaces.requireReadable(orgId, userId, in.spaces());
        return QuarkusTransaction.requiringNew().call(() -> insert(orgId, in, spaces, policy));
    }

    private SiteView insert(String orgId, CreateSiteRequest in, List<SpaceData> spaces, SitePolicy policy) {
        SiteRecord site = changes.create(orgId, in.type(), in.title(), in.visibility(), Instant.now().truncatedTo(ChronoUnit.MILLIS));
        events.publish(SitesEventTypes.SITE_CREATED, site.id(), views.data(site));
        changes.flush(); // the site's row is written before the site spaces that refer to it
        for (SpaceData space : spaces) {
            siteSpaces.insert(site, null, space, null, false);
        }
        return views.site(site, spaces.size(), policy);
    }

    @Transactional
    public SiteView get(String orgId, String userId, String siteId) {
        SitePolicy policy = access.policy(orgId, userId);
        policy.require(Action.VIEW);
        return view(sites.requireRecord(orgId, siteId, false), policy);
    }

    @Transactional
    public SiteView update(String orgId, String userId, String siteId, UpdateSiteRequest in) {
        SitePolicy policy = access.policy(orgId, userId);
        policy.require(Action.MANAGE);
        SiteRecord found = sites.requireRecord(orgId, siteId, true);
        SiteSpaceRow defaultSiteSpace = in.defaultSiteSpace().map(id -> siteSpaces.find(found, id)
                .orElseThrow(() -> ApiException.badRequest("defaultSiteSpace: no site space " + id + " in this site"))).orElse(null);
        String defaultSection = in.defaultSiteSection().map(id -> structure.sectionId(found, id)
                .orElseThrow(() -> ApiException.badRequest("defaultSiteSection: no section " + id + " in this site"))).orElse(null);
        in.settings().hostname().flatMap(h -> h).ifPresent(hostname -> {
            if (!hostname.equals(found.hostname()) && sites.hostnameTaken(hostname, found.id())) {
                throw ApiException.conflict("hostname " + hostname + " already serves another site");
            }
        });
        SiteRecord changed = found;
        if (in.changesSettings()) {
            changed = changes.settings(found, in.settings(), Instant.now().truncatedTo(ChronoUnit.MILLIS));
            changes.flush(); // the database takes the new settings before the event says they changed
            events.publish(SitesEventTypes.SITE_UPDATED, changed.id(), views.data(changed));
        }
        if (!Objects.equals(found.hostname(), changed.hostname())) {
            siteSpaces.addressesChanged(changed, null); // their published addresses are on the new host
        }
        if (defaultSiteSpace != null) {
            siteSpaces.makeDefault(changed, defaultSiteSpace);
        }
        if (defaultSection != null) {
            structure.makeDefaultSection(changed, defaultSection);
        }
        return view(changed, policy);
    }

    /** Publishes or unpublishes the site; doing what is already done changes nothing and publishes no event. */
    @Transactional
    public SiteView publish(String orgId, String userId, String siteId, boolean published) {
        SitePolicy policy = access.policy(orgId, userId);
        policy.require(Action.MANAGE);
        SiteRecord site = sites.requireRecord(orgId, siteId, true);
        if (site.published() != published) {
            site = changes.published(site, published, Instant.now().truncatedTo(ChronoUnit.MILLIS));
            events.publish(published ? SitesEventTypes.SITE_PUBLISHED : SitesEventTypes.SITE_UNPUBLISHED, site.id(), views.data(site));
            siteSpaces.addressesChanged(site, null); // their spaces are published there, or no longer
        }
        return view(site, policy);
    }

    /** Deletes the site with its site spaces; an unknown site is already deleted (204, as GitBook). */
    @Transactional
    public void delete(String orgId, String userId, String siteId) {
        SitePolicy policy = access.policy(orgId, userId);
        policy.require(Action.MANAGE);
        sites.findRecord(orgId, siteId, true).ifPresent(s -> {
            events.publish(SitesEventTypes.SITE_DELETED, s.id(), views.data(s));
            changes.delete(s);
        });
    }

    /** The site's view with its count of site spaces. */
    private SiteView view(SiteRecord s, SitePolicy policy) {
        return views.site(s, siteSpaceCounts(List.of(s.id())).getOrDefault(s.id(), 0L), policy);
    }

    private Map<String, Long> siteSpaceCounts(List<String> siteIds) {
        return siteSpaces.counts(siteIds);
    }
}
