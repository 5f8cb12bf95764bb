package io.bindery.identity.sites;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

/** The queries of {@code org_site}: the only class that reads or writes it. */
@ApplicationScoped
class OrgSiteStore {
    @Inject
    EntityManager em;

    /**
     * A site created or deleted. A deletion is final: the flag only ever goes from false to true, so redelivered
     * and reordered events end in the same row.
     */
    void record(String siteId, String organizationId, boolean deleted) {
        em.createNativeQuery("""
                        INSERT INTO org_site (site_id, organization_id, deleted) VALUES (:site, :org, :deleted)
                        ON CONFLICT (site_id) DO UPDATE SET deleted = org_site.deleted OR EXCLUDED.deleted""")
                .setParameter("site", siteId).setParameter("org", organizationId).setParameter("deleted", deleted)
                .executeUpdate();
    }

    long live(String organizationId) {
        return ((Number) em.createNativeQuery("SELECT count(*) FROM org_site WHERE organization_id = :org AND NOT deleted")
                .setParameter("org", organizationId).getSingleResult()).longValue();
    }
}
