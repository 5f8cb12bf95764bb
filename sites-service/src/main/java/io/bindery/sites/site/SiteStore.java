package io.bindery.sites.site;

import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.Where;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;

import java.util.List;
import java.util.Optional;

/**
 * The only class with SQL and Panache calls for table site ({@link Site}): {@link SiteLookup} finds sites and
 * {@link SiteChanges} writes them, in the caller's transaction.
 */
@ApplicationScoped
class SiteStore {
    @Inject
    EntityManager em;

    /** The site with this id whatever its organization; null when there is none. */
    Site find(String siteId) {
        return em.find(Site.class, siteId);
    }

    /** {@link #find}, the row locked for the transaction (PESSIMISTIC_WRITE). */
    Site lock(String siteId) {
        return em.find(Site.class, siteId, LockModeType.PESSIMISTIC_WRITE);
    }

    /** One page of the sites {@code where} selects, in {@code order}. */
    ListPage<Site> page(Keyset<Site> order, String page, int limit, Where where) {
        return order.page(page, limit).sql(em, Site.class, "SELECT *", "FROM site", where);
    }

    // Native SQL, not HQL: the first HQL statement loads Hibernate's HQL parser (~750 classes, ~5 MB of metaspace, kept
    // for the life of the JVM).

    /** Whether a site other than {@code exceptId} has this hostname. */
    boolean hostnameTaken(String hostname, String exceptId) {
        return ((Number) em.createNativeQuery("SELECT count(*) FROM site WHERE hostname = :h AND id <> :id")
                .setParameter("h", hostname).setParameter("id", exceptId).getSingleResult()).longValue() > 0;
    }

    /** The oldest published site with this hostname. */
    Optional<Site> publishedByHostname(String hostname) {
        return oldestPublished("SELECT * FROM site WHERE hostname = :v AND published ORDER BY created_at, id LIMIT 1",
                hostname);
    }

    /** The oldest published site with this basename. */
    Optional<Site> publishedByBasename(String basename) {
        return oldestPublished("SELECT * FROM site WHERE basename = :v AND published ORDER BY created_at, id LIMIT 1",
                basename);
    }

    @SuppressWarnings("unchecked")
    private Optional<Site> oldestPublished(String sql, String value) {
        List<Site> found = em.createNativeQuery(sql, Site.class).setParameter("v", value).getResultList();
        return found.stream().findFirst();
    }

    /** A new site, written at the next flush. */
    void insert(Site site) {
        site.persist();
    }

    /** Deletes the site (the database deletes what hangs off it). */
    void delete(Site site) {
        site.delete();
    }

    /** Writes the pending changes of the transaction now. */
    void flush() {
        em.flush();
    }
}
