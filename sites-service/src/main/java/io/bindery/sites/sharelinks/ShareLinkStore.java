package io.bindery.sites.sharelinks;

import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.Where;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

/**
 * The only class with SQL and Panache calls for table share_link ({@link ShareLink}): {@link ShareLinks} asks, in
 * the caller's transaction.
 */
@ApplicationScoped
class ShareLinkStore {
    @Inject
    EntityManager em;

    /** The link with this id whatever its site; null when there is none. */
    ShareLink find(String linkId) {
        return em.find(ShareLink.class, linkId);
    }

    /** One page of the links {@code where} selects, in {@code order}. */
    ListPage<ShareLink> page(Keyset<ShareLink> order, String page, int limit, Where where) {
        return order.page(page, limit).sql(em, ShareLink.class, "SELECT *", "FROM site_share_link", where);
    }

    /** Whether the site has an active link with this key. */
    boolean activeKey(String siteId, String key) {
        // Native SQL, not HQL: the first HQL statement loads Hibernate's HQL parser (~750 classes, ~5 MB of metaspace).
        return ((Number) em.createNativeQuery("SELECT count(*) FROM site_share_link WHERE site_id = :s AND key = :k AND active")
                .setParameter("s", siteId).setParameter("k", key).getSingleResult()).longValue() > 0;
    }

    /** A new link, written at the next flush. */
    void insert(ShareLink link) {
        link.persist();
    }

    void delete(ShareLink link) {
        link.delete();
    }
}
