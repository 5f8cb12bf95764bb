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
        return order.page(page, limit).sql(em, SiteSpaceRow.class, "SELECT *", "FROM site_space", where);
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

    // Native SQL, not HQL: the first HQL statement loads Hibernate's HQL parser (~750 classes, ~5 MB of metaspace, kept
    // for the life of the JVM).

    /** The space's site spaces in every site, by site and position. */
    List<SiteSpaceRow> ofSpace(String spaceId) {
        return rows("SELECT * FROM site_space WHERE space_id = :v ORDER BY site_id, position", spaceId);
    }

    /** All site spaces of the site, in order. */
    List<SiteSpaceRow> ofSite(String siteId) {
        return rows("SELECT * FROM site_space WHERE site_id = :v ORDER BY position, id", siteId);
    }

    /** The site spaces of a section (null: the root), in order. */
    @SuppressWarnings("unchecked")
    List<SiteSpaceRow> ofSection(String siteId, String sectionId) {
        if (sectionId == null) {
            return rows("SELECT * FROM site_space WHERE site_id = :v AND section_id IS NULL ORDER BY position, id", siteId);
        }
        return em.createNativeQuery("SELECT * FROM site_space WHERE site_id = :site AND section_id = :section"
                        + " ORDER BY position, id", SiteSpaceRow.class)
                .setParameter("site", siteId).setParameter("section", sectionId).getResultList();
    }

    @SuppressWarnings("unchecked")
    private List<SiteSpaceRow> rows(String sql, String value) {
        return em.createNativeQuery(sql, SiteSpaceRow.class).setParameter("v", value).getResultList();
    }

    /** The site's live (not draft) site spaces, in order, read-only (the reader's published view of them). */
    @SuppressWarnings("unchecked")
    List<SiteSpaceRow> liveOfSite(String siteId) {
        return em.createNativeQuery("SELECT * FROM site_space WHERE site_id = :site AND NOT draft ORDER BY position, id",
                        SiteSpaceRow.class)
                .setParameter("site", siteId).setHint(HibernateHints.HINT_READ_ONLY, true).getResultList();
    }

    /** How many site spaces each of the sites has (a site without any is not in the map): one query. */
    @SuppressWarnings("unchecked")
    Map<String, Long> counts(List<String> siteIds) {
        Map<String, Long> counts = new HashMap<>();
        if (siteIds.isEmpty()) {
            return counts; // "IN ()" is not SQL
        }
        ((List<Object[]>) em.createNativeQuery("SELECT site_id, count(*) FROM site_space WHERE site_id IN (:ids) GROUP BY site_id")
                .setParameter("ids", siteIds).getResultList())
                .forEach(r -> counts.put((String) r[0], ((Number) r[1]).longValue()));
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
