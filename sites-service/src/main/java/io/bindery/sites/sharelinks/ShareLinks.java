package io.bindery.sites.sharelinks;

import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.SortKey;
import io.bindery.commons.lists.Where;
import io.bindery.contracts.sites.SiteShareLinkData;
import io.bindery.contracts.sites.SitesEventTypes;
import io.bindery.commons.errors.ApiException;
import io.bindery.sites.access.SiteAccess;
import io.bindery.sites.access.SitePolicy.Action;
import io.bindery.sites.site.SiteRecord;
import io.bindery.sites.site.SiteViews;
import io.bindery.sites.site.SiteLookup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.security.SecureRandom;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.Optional;

/**
 * Share links of a site. Managing them needs the site-managing role (listing does too: the list shows the keys).
 * Each change publishes an event without the key.
 */
@ApplicationScoped
public class ShareLinks {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Keyset<ShareLink> OLDEST_FIRST = Keyset.ascending(
            SortKey.instant("created_at", l -> l.createdAt), SortKey.text("id", l -> l.id));

    @Inject
    SiteAccess access;
    @Inject
    SiteLookup sites;
    @Inject
    SiteViews siteViews;
    @Inject
    EventPublisher events;
    @Inject
    ShareLinkStore store;

    @Transactional
    public ListPage<ShareLinkView> list(String orgId, String userId, String siteId, String search, String page, int limit) {
        access.policy(orgId, userId).require(Action.MANAGE);
        SiteRecord site = sites.requireRecord(orgId, siteId, false);
        Where where = Where.of("site_id = :site", "site", site.id());
        if (search != null && !search.isEmpty()) {
            where = where.and("lower(name) like :search escape '\\'", "search", "%" + Where.likeEscaped(search.toLowerCase()) + "%");
        }
        return store.page(OLDEST_FIRST, page, limit, where).map(l -> view(site, l));
    }

    @Transactional
    public ShareLinkView create(String orgId, String userId, String siteId, ShareLinkRequests.Create in) {
        access.policy(orgId, userId).require(Action.MANAGE);
        SiteRecord site = sites.requireRecord(orgId, siteId, true);
        ShareLink l = new ShareLink();
        l.id = Ids.newId();
        l.siteId = site.id();
        l.key = newKey();
        l.name = in.name();
        l.active = true;
        l.createdAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        store.insert(l);
        events.publish(SitesEventTypes.SHARE_LINK_CREATED, site.id(), data(site, l));
        return view(site, l);
    }

    @Transactional
    public ShareLinkView update(String orgId, String userId, String siteId, String linkId, ShareLinkRequests.Update in) {
        access.policy(orgId, userId).require(Action.MANAGE);
        SiteRecord site = sites.requireRecord(orgId, siteId, true);
        ShareLink l = find(site, linkId).orElseThrow(() -> ApiException.notFound("no share link " + linkId));
        in.name().ifPresent(n -> l.name = n);
        in.active().ifPresent(a -> l.active = a);
        events.publish(SitesEventTypes.SHARE_LINK_UPDATED, site.id(), data(site, l));
        return view(site, l);
    }

    /** Deletes the link; an unknown one is already deleted (204). */
    @Transactional
    public void delete(String orgId, String userId, String siteId, String linkId) {
        access.policy(orgId, userId).require(Action.MANAGE);
        SiteRecord site = sites.requireRecord(orgId, siteId, true);
        find(site, linkId).ifPresent(l -> {
            events.publish(SitesEventTypes.SHARE_LINK_DELETED, site.id(), data(site, l));
            store.delete(l);
        });
    }

    /** Whether {@code key} is the key of an active link of the site (what a share-link site's visitor must show). */
    public boolean admits(String siteId, String key) {
        return key != null && !key.isEmpty()
                && store.activeKey(siteId, key);
    }

    private Optional<ShareLink> find(SiteRecord site, String linkId) {
        return Optional.ofNullable(store.find(linkId)).filter(l -> l.siteId.equals(site.id()));
    }

    private ShareLinkView view(SiteRecord site, ShareLink l) {
        return new ShareLinkView("share-link", l.id, l.createdAt, l.name, l.active,
                new ShareLinkView.Urls(siteViews.publishedUrl(site) + "?share=" + l.key));
    }

    private static SiteShareLinkData data(SiteRecord site, ShareLink l) {
        return new SiteShareLinkData(l.id, site.id(), site.organizationId(), l.name, l.active, l.createdAt);
    }

    /** 128 random bits, base64url without padding (22 characters). */
    static String newKey() {
        byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
