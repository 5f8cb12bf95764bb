package io.bindery.content.events;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;

/**
 * {@code site_space_publication}: content's copy of sites' site spaces, one row per site space with its version
 * ({@code updated_at}); a deleted one stays as a tombstone so that a late older event cannot bring it back.
 */
@ApplicationScoped
class PublicationStore {
    @Inject
    EntityManager em;

    /** The space the site space's row points at now (none or one). */
    @SuppressWarnings("unchecked")
    List<String> spaceOf(String siteSpaceId) {
        return em.createNativeQuery("SELECT space_id FROM site_space_publication WHERE site_space_id = :id")
                .setParameter("id", siteSpaceId).getResultList();
    }

    /** Writes the site space unless the row is newer or a tombstone: the number of rows changed (0 or 1). */
    int put(String siteSpaceId, String siteId, String spaceId, String url, boolean deleted, Instant updatedAt) {
        return em.createNativeQuery("""
                        INSERT INTO site_space_publication (site_space_id, site_id, space_id, url, deleted, updated_at)
                        VALUES (:id, :site, :space, :url, :deleted, :at)
                        ON CONFLICT (site_space_id) DO UPDATE SET space_id = EXCLUDED.space_id, url = EXCLUDED.url,
                            deleted = EXCLUDED.deleted, updated_at = EXCLUDED.updated_at
                        WHERE site_space_publication.updated_at <= EXCLUDED.updated_at
                          AND NOT site_space_publication.deleted""")
                .setParameter("id", siteSpaceId).setParameter("site", siteId).setParameter("space", spaceId)
                .setParameter("url", url).setParameter("deleted", deleted)
                .setParameter("at", Timestamp.from(updatedAt)).executeUpdate();
    }

    /** Makes tombstones of the site's live publications: the spaces they pointed at (one per row). */
    @SuppressWarnings("unchecked")
    List<String> dropSite(String siteId) {
        return em.createNativeQuery("UPDATE site_space_publication SET deleted = true, url = NULL "
                        + "WHERE site_id = :site AND NOT deleted RETURNING space_id")
                .setParameter("site", siteId).getResultList();
    }
}
