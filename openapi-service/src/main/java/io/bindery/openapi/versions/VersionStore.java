package io.bindery.openapi.versions;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.util.List;

/** The queries of {@code openapi_spec_file} (a version's files). Runs in the caller's transaction. */
@ApplicationScoped
class VersionStore {
    @Inject
    EntityManager em;

    /** The version's file at {@code path} ("" for the entry point, position 0), or null. */
    SpecVersionFile file(String versionId, String path) {
        var query = em.createQuery("from SpecVersionFile where versionId = :v and "
                        + (path.isEmpty() ? "position = 0" : "path = :path") + " order by position", SpecVersionFile.class)
                .setParameter("v", versionId);
        if (!path.isEmpty()) {
            query.setParameter("path", path);
        }
        List<SpecVersionFile> files = query.setMaxResults(1).getResultList();
        return files.isEmpty() ? null : files.get(0);
    }

    /** The version's files, the entry point first. */
    List<SpecVersionFile> files(String versionId) {
        return em.createQuery("from SpecVersionFile where versionId = :v order by position",
                SpecVersionFile.class).setParameter("v", versionId).getResultList();
    }
}
