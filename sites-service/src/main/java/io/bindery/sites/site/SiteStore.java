package io.bindery.sites.site;

import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.Where;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;

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
        return order.page(page, limit).hql(em, Site.class, "", "from Site", where);
    }

    /** Whether a site other than {@code exceptId} has this hostname. */
    boolean hostnameTaken(String hostname, String exceptId) {
        return Site.count("hostname = ?1 and id <> ?2", hostname, exceptId) > 0;
    }

    /** The oldest published site with this hostname. */
    Optional<Site> publishedByHostname(String hostname) {
        return Site.<Site>find("hostname = ?1 and published = true order by createdAt, id", hostname).firstResultOptional();
    }

    /** The oldest published site with this basename. */
    Optional<Site> publishedByBasename(String basename) {
        return Site.<Site>find("basename = ?1 and published = true order by createdAt, id", basename).firstResultOptional();
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
