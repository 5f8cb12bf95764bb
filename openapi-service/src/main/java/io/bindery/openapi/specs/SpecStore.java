package io.bindery.openapi.specs;

import io.bindery.commons.lists.KeysetPage;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.Where;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;

import java.time.Instant;
import java.util.List;

/** The SQL of {@code openapi_spec}. Runs in the caller's transaction. */
@ApplicationScoped
class SpecStore {
    @Inject
    EntityManager em;

    /** A spec by id; null when there is none (deleted). */
    OpenApiSpec find(String specId) {
        return em.find(OpenApiSpec.class, specId);
    }

    /** {@link #find}, locked (FOR UPDATE) for the caller's transaction. */
    OpenApiSpec lock(String specId) {
        return em.find(OpenApiSpec.class, specId, LockModeType.PESSIMISTIC_WRITE);
    }

    void insert(OpenApiSpec row) {
        em.persist(row);
    }

    /** Deletes it (its versions and their files go with it, ON DELETE CASCADE). */
    void remove(OpenApiSpec row) {
        em.remove(row);
    }

    /** Writes the transaction's pending changes to the spec rows now. */
    void flush() {
        em.flush();
    }

    /** A page of the organization's specs. */
    ListPage<OpenApiSpec> page(KeysetPage<OpenApiSpec> keyset, String organizationId) {
        return keyset.sql(em, OpenApiSpec.class, "SELECT *", "FROM openapi_spec",
                Where.of("organization_id = :org", "org", organizationId));
    }

    // Native SQL, not HQL: the first HQL statement loads Hibernate's HQL parser (~750 classes, ~5 MB of metaspace, kept
    // for the life of the JVM).

    /**
     * The organization's spec of that slug (locked until the transaction ends when {@code forUpdate}: FOR NO KEY
     * UPDATE, what PESSIMISTIC_WRITE is on PostgreSQL), or null.
     */
    @SuppressWarnings("unchecked")
    OpenApiSpec find(String organizationId, String slug, boolean forUpdate) {
        List<OpenApiSpec> rows = em.createNativeQuery("SELECT * FROM openapi_spec WHERE organization_id = :org AND slug = :slug"
                        + (forUpdate ? " FOR NO KEY UPDATE" : ""), OpenApiSpec.class)
                .setParameter("org", organizationId).setParameter("slug", slug).getResultList();
        return rows.isEmpty() ? null : rows.get(0);
    }

    /**
     * Locks the organization's slug until the transaction ends, whether a spec has it yet or not: two creates of one
     * slug take turns.
     */
    void lockSlug(String organizationId, String slug) {
        em.createNativeQuery("SELECT pg_advisory_xact_lock(hashtext(:key))")
                .setParameter("key", "openapi_spec:" + organizationId + "/" + slug).getSingleResult();
    }

    /**
     * At most 100 specs whose processing request (or its last progress) is older than {@code before}, oldest
     * request first, locked; rows another replica holds are skipped.
     */
    @SuppressWarnings("unchecked")
    List<OpenApiSpec> stalled(Instant before) {
        return em.createNativeQuery("""
                        SELECT * FROM openapi_spec
                        WHERE processing_state <> 'complete' AND COALESCE(progress_at, requested_at) < :before
                        ORDER BY requested_at LIMIT 100 FOR UPDATE SKIP LOCKED""", OpenApiSpec.class)
                .setParameter("before", before).getResultList();
    }
}
