package io.bindery.openapi.versions;

import io.bindery.commons.lists.KeysetPage;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.Where;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.util.List;

/**
 * The SQL of {@code openapi_spec_version} and {@code openapi_spec_file} (a version's files). Runs in the caller's
 * transaction.
 */
@ApplicationScoped
class VersionStore {
    @Inject
    EntityManager em;

    /** A version by id, of any spec (the caller checks whose it is); null when there is none. */
    SpecVersion version(String versionId) {
        return em.find(SpecVersion.class, versionId);
    }

    /** A page of the spec's versions, without their summaries (a list shows none). */
    ListPage<SpecVersion> page(KeysetPage<SpecVersion> keyset, String specId) {
        return keyset.sql(em, SpecVersion.class,
                "SELECT id, spec_id, url, content_hash, '{}'::jsonb AS summary, created_at", "FROM openapi_spec_version",
                Where.of("spec_id = :spec", "spec", specId));
    }

    void insert(SpecVersion version) {
        em.persist(version);
    }

    void insert(SpecVersionFile file) {
        em.persist(file);
    }

    // Native SQL, not HQL: the first HQL statement loads Hibernate's HQL parser (~750 classes, ~5 MB of metaspace, kept
    // for the life of the JVM).

    /** The version's file at {@code path} ("" for the entry point, position 0), or null. */
    @SuppressWarnings("unchecked")
    SpecVersionFile file(String versionId, String path) {
        var query = em.createNativeQuery("SELECT * FROM openapi_spec_file WHERE version_id = :v AND "
                        + (path.isEmpty() ? "position = 0" : "path = :path") + " ORDER BY position LIMIT 1", SpecVersionFile.class)
                .setParameter("v", versionId);
        if (!path.isEmpty()) {
            query.setParameter("path", path);
        }
        List<SpecVersionFile> files = query.getResultList();
        return files.isEmpty() ? null : files.get(0);
    }

    /** The version's files, the entry point first. */
    @SuppressWarnings("unchecked")
    List<SpecVersionFile> files(String versionId) {
        return em.createNativeQuery("SELECT * FROM openapi_spec_file WHERE version_id = :v ORDER BY position",
                SpecVersionFile.class).setParameter("v", versionId).getResultList();
    }
}
