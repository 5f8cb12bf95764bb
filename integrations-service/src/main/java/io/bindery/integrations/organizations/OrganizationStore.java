package io.bindery.integrations.organizations;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.time.Instant;
import java.util.List;

/** The queries of {@code organization_view} (identity's organizations as this service knows them). Runs in the caller's transaction. */
@ApplicationScoped
class OrganizationStore {
    @Inject
    EntityManager em;

    OrganizationView find(String id) {
        return em.find(OrganizationView.class, id);
    }

    /**
     * The organizations whose hostname is {@code hostname}, case aside. Native SQL, not HQL: the first HQL statement
     * loads Hibernate's HQL parser (~750 classes, ~5 MB of metaspace, kept for the life of the JVM).
     */
    @SuppressWarnings("unchecked")
    List<OrganizationView> bySubdomain(String hostname) {
        return em.createNativeQuery("SELECT * FROM organization_view WHERE lower(hostname) = lower(:h)", OrganizationView.class)
                .setParameter("h", hostname).getResultList();
    }

    /** Stores an organization's data unless the row holds a newer version already (replays change nothing). */
    void upsert(String id, String hostname, String data, Instant version) {
        em.createNativeQuery("""
                        INSERT INTO organization_view (id, hostname, data, version) VALUES (:id, :h, CAST(:d AS jsonb), :v)
                        ON CONFLICT (id) DO UPDATE SET hostname = EXCLUDED.hostname, data = EXCLUDED.data,
                            version = EXCLUDED.version
                        WHERE organization_view.version <= EXCLUDED.version""")
                .setParameter("id", id).setParameter("h", hostname).setParameter("d", data)
                .setParameter("v", version).executeUpdate();
    }
}
