package io.bindery.sites.sitespace;

import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.Where;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.hibernate.jpa.HibernateHints;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The only class with SQL and Panache calls for table site_space ({@link SiteSpaceRow}): {@link SiteSpaceRows} and {@link PublishedSiteSpaces}
 * decide, publish and cache; the statements run in the caller's transaction.
 */
@ApplicationScoped
class SiteSpaceStore {

    @Inject
    EntityManager em;

    /** The site space with this id whatever its site; null when there is none. */
    SiteSpaceRow find(String siteSpaceId) {
        return em.find(SiteSpaceRow.class, siteSpaceId);
    }

    /** One page of the site spaces {@code where} selects, in {@code order}. */
    ListPage<SiteSpaceRow> page(Keyset<SiteSpaceRow> order, String page, int limit, Where where) {
        return order.page(page, limit).hql(em, SiteSpaceRow.class, "", "from SiteSpaceRow", where);
    }

    /** A new site space, written at the next flush. */
    void insert(SiteSpaceRow row) {
        row.persist();
    }

    void delete(SiteSpaceRow row) {
        row.delete();
    }

    /** Writes the pending changes of the transaction now. */
    void flush() {
        em.flush();
    }

    /** The space's site spaces in every site, by site and position. */
    List<SiteSpaceRow> ofSpace(String spaceId) {
        return SiteSpaceRow.list("spaceId = ?1 order by siteId, position", spaceId);
    }

    /** All site spaces of the site, in order. */
    List<SiteSpaceRow> ofSite(String siteId) {
        return SiteSpaceRow.list("siteId = ?1 order by position, id", siteId);
    }

    /** The site spaces of a section (null: the root), in order. */
    List<SiteSpaceRow> ofSection(String siteId, String sectionId) {
        return sectionId == null
                ? SiteSpaceRow.list("siteId = ?1 and sectionId is null order by position, id", siteId)
                : SiteSpaceRow.list("siteId = ?1 and sectionId = ?2 order by position, id", siteId, sectionId);
    }

    /** The site's live (not draft) site spaces, in order, read-only (the reader's published view of them). */
    List<SiteSpaceRow> liveOfSite(String siteId) {
        return em.createQuery("from SiteSpaceRow where siteId = :site and draft = false order by position, id",
                        SiteSpaceRow.class)
                .setParameter("site", siteId).setHint(HibernateHints.HINT_READ_ONLY, true).getResultList();
    }

    /** How many site spaces each of the sites has (a site without any is not in the map): one query. */
    Map<String, Long> counts(List<String> siteIds) {
        Map<String, Long> counts = new HashMap<>();
        em.createQuery("select ss.siteId, count(ss) from SiteSpaceRow ss where ss.siteId in :ids group by ss.siteId", Object[].class)
                .setParameter("ids", siteIds).getResultList()
                .forEach(r -> counts.put((String) r[0], (Long) r[1]));
        return counts;
    }

    /**
     * What the site's site spaces' JSON depends on, as one row: their count, their newest updated_at, and the newest
     * updated_at and revision_at of the spaces they embed.
     */
    Object[] version(String siteId) {
        return (Object[]) em.createNativeQuery("""
                        SELECT count(*), max(ss.updated_at), max(src.updated_at), max(src.revision_at) FROM site_space ss
                        LEFT JOIN space_source src ON src.space_id = ss.space_id WHERE ss.site_id = :site""")
                .setParameter("site", siteId).getSingleResult();
    }
}
