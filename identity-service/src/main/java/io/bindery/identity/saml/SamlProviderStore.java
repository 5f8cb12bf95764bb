package io.bindery.identity.saml;

import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.SortKey;
import io.bindery.commons.lists.Where;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;

import java.util.List;

/** The queries of {@code saml_provider}: the only class that reads or writes the table. */
@ApplicationScoped
class SamlProviderStore {
    @Inject
    EntityManager em;

    SamlProvider find(String id) {
        return SamlProvider.findById(id);
    }

    /** Read and locked (FOR NO KEY UPDATE) until the transaction ends. */
    SamlProvider findLocked(String id) {
        return em.find(SamlProvider.class, id, LockModeType.PESSIMISTIC_WRITE);
    }

    /** Re-read and locked: the committed state from here on. */
    void refreshLocked(SamlProvider provider) {
        em.refresh(provider, LockModeType.PESSIMISTIC_WRITE);
    }

    void persist(SamlProvider provider) {
        provider.persist();
    }

    void delete(SamlProvider provider) {
        provider.delete();
    }

    // Native SQL, not HQL: the first HQL statement loads Hibernate's HQL parser (~750 classes, ~5 MB of metaspace, kept
    // for the life of the JVM).

    /** All the organization's providers, oldest first. */
    @SuppressWarnings("unchecked")
    List<SamlProvider> all(String orgId) {
        return em.createNativeQuery("SELECT * FROM saml_provider WHERE organization_id = :org ORDER BY created_at, id",
                SamlProvider.class).setParameter("org", orgId).getResultList();
    }

    /** A page of the organization's providers, oldest first. */
    ListPage<SamlProvider> list(String orgId, String page, int limit) {
        return OLDEST_FIRST.page(page, limit).sql(em, SamlProvider.class, "SELECT *", "FROM saml_provider",
                Where.of("organization_id = :org", "org", orgId));
    }

    private static final Keyset<SamlProvider> OLDEST_FIRST = Keyset.ascending(
            SortKey.instant("created_at", p -> p.createdAt), SortKey.text("id", p -> p.id));
}
