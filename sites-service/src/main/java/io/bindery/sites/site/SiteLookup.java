package io.bindery.sites.site;

import io.bindery.commons.errors.ApiException;
import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.SortKey;
import io.bindery.commons.lists.Where;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;
import java.util.Optional;

/**
 * The reads of table site, asked of {@link SiteStore}. A site by id as every feature finds it: only in its own
 * organization (another organization's site is a 404, as an unknown one), locked for the transaction when the
 * caller changes it or what hangs off it; the organization's list; a site by its published address.
 */
@ApplicationScoped
public class SiteLookup {
    private static final Keyset<Site> OLDEST_FIRST = Keyset.ascending(
            SortKey.instant("created_at", s -> s.createdAt), SortKey.text("id", s -> s.id));

    @Inject
    SiteStore store;

    /** The site of this organization (locked for the transaction when {@code forUpdate}); 404 otherwise. */
    public Site require(String orgId, String siteId, boolean forUpdate) {
        return find(orgId, siteId, forUpdate).orElseThrow(() -> ApiException.notFound("no site " + siteId));
    }

    /**
     * {@link #require}'s site as the features that only read it see it (the entity stays in the features that change
     * it): the same single read, its values copied.
     */
    public SiteRecord requireRecord(String orgId, String siteId, boolean forUpdate) {
        return SiteRecord.of(require(orgId, siteId, forUpdate));
    }

    /** The site of this organization, if any (locked for the transaction when {@code forUpdate}). */
    public Optional<Site> find(String orgId, String siteId, boolean forUpdate) {
        Site s = forUpdate ? store.lock(siteId) : store.find(siteId);
        return Optional.ofNullable(s).filter(site -> site.organizationId.equals(orgId));
    }

    /** {@link #find}'s site as a record (locked for the transaction when {@code forUpdate}). */
    public Optional<SiteRecord> findRecord(String orgId, String siteId, boolean forUpdate) {
        return find(orgId, siteId, forUpdate).map(SiteRecord::of);
    }

    /**
     * One page of the organization's sites, oldest first, with GitBook's list filters (each null when not given):
     * a part of the title, published or not, publishing a space, of one of the types.
     */
    public ListPage<SiteRecord> page(String orgId, String title, Boolean published, String space, List<SiteType> types,
                               String page, int limit) {
        Where where = Where.of("organization_id = :org", "org", orgId);
        if (title != null) {
            where = where.and("lower(title) like :title escape '\\'", "title", "%" + Where.likeEscaped(title.toLowerCase()) + "%");
        }
        if (published != null) {
            where = where.and("published = :published", "published", published);
        }
        if (space != null) {
            where = where.and("id IN (SELECT ss.site_id FROM site_space ss WHERE ss.space_id = :space)", "space", space);
        }
        if (types != null && !types.isEmpty()) {
            where = where.and("type IN (:types)", "types", types.stream().map(SiteType::wire).toList()); // the stored spelling
        }
        return store.page(OLDEST_FIRST, page, limit, where).map(SiteRecord::of);
    }

    /** Whether a site other than {@code exceptId} serves this hostname. */
    public boolean hostnameTaken(String hostname, String exceptId) {
        return store.hostnameTaken(hostname, exceptId);
    }

    /** The oldest published site with this hostname. */
    public Optional<SiteRecord> publishedByHostname(String hostname) {
        return store.publishedByHostname(hostname).map(SiteRecord::of);
    }

    /** The site with this id (published or not), else the oldest published site with this basename. */
    public Optional<SiteRecord> byIdOrPublishedBasename(String key) {
        Site byId = store.find(key);
        if (byId != null) {
            return Optional.of(SiteRecord.of(byId));
        }
        return store.publishedByBasename(key).map(SiteRecord::of);
    }

    /** The site whatever its organization, locked for the transaction; null when there is none. */
    public SiteRecord lockAnyOrganization(String siteId) {
        Site s = store.lock(siteId);
        return s == null ? null : SiteRecord.of(s);
    }
}
