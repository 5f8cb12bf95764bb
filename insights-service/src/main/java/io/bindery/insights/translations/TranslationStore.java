package io.bindery.insights.translations;

import io.bindery.commons.lists.KeysetPage;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.Where;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;

import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** The SQL of {@code translation} and {@code translation_page}. Runs in its caller's transaction. */
@ApplicationScoped
public class TranslationStore {
    @Inject
    EntityManager em;

    /** A translation by id, of any organization (the caller checks whose it is); null when there is none. */
    Translation find(String id) {
        return em.find(Translation.class, id);
    }

    /** {@link #find}, locked (FOR UPDATE) for the caller's transaction. */
    Translation lock(String id) {
        return em.find(Translation.class, id, LockModeType.PESSIMISTIC_WRITE);
    }

    void insert(Translation row) {
        em.persist(row);
    }

    /** Deletes it (its pages go with it, ON DELETE CASCADE). */
    void remove(Translation row) {
        em.remove(row);
    }

    /** Writes the transaction's pending changes now, before the caller lets go of a row ({@link #detach}). */
    void flush() {
        em.flush();
    }

    /** The row is no longer managed: its later changes are not written. */
    void detach(Translation row) {
        em.detach(row);
    }

    /** A page of the organization's translations. */
    ListPage<Translation> page(KeysetPage<Translation> keyset, String organizationId) {
        return keyset.sql(em, Translation.class, "SELECT *", "FROM translation",
                Where.of("organization_id = :org", "org", organizationId));
    }

    /** The space a run created for the translation. */
    void targetSpace(String translationId, String space) {
        em.createNativeQuery("UPDATE translation SET target_space = :space WHERE id = :id")
                .setParameter("space", space).setParameter("id", translationId).executeUpdate();
    }

    /** The heartbeat of these translations' runs, those still running. */
    void heartbeat(Collection<String> translationIds, Instant now) {
        em.createNativeQuery("""
                        UPDATE translation SET heartbeat_at = :now
                        WHERE id = ANY(CAST(:ids AS text[])) AND status = 'running'""")
                .setParameter("now", now)
                .setParameter("ids", translationIds.stream().map(id -> "\"" + id + "\"")
                        .collect(Collectors.joining(",", "{", "}")))
                .executeUpdate();
    }

    /**
     * The ids of the running translations whose heartbeat is older than {@code stale} (or missing), locked for the
     * caller's transaction; rows another transaction holds are skipped.
     */
    @SuppressWarnings("unchecked")
    List<String> lockStaleRunning(Instant stale) {
        return em.createNativeQuery("""
                        SELECT id FROM translation
                        WHERE status = 'running' AND (heartbeat_at IS NULL OR heartbeat_at < :stale)
                        ORDER BY id FOR UPDATE SKIP LOCKED""", String.class)
                .setParameter("stale", stale).getResultList();
    }

    /** Source path to the hash translated last. */
    Map<String, String> hashes(String translationId) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery(
                        "SELECT source_path, source_hash FROM translation_page WHERE translation_id = :id")
                .setParameter("id", translationId).getResultList();
        Map<String, String> out = new HashMap<>();
        rows.forEach(r -> out.put((String) r[0], (String) r[1]));
        return out;
    }

    /** The pages as translated now; pages gone from the source are forgotten. */
    void recordPages(String translationId, Map<String, String> hashes) {
        em.createNativeQuery("DELETE FROM translation_page WHERE translation_id = :id").setParameter("id", translationId)
                .executeUpdate();
        for (Map.Entry<String, String> e : hashes.entrySet()) {
            em.createNativeQuery("INSERT INTO translation_page (translation_id, source_path, source_hash) VALUES (:id, :p, :h)")
                    .setParameter("id", translationId).setParameter("p", e.getKey()).setParameter("h", e.getValue())
                    .executeUpdate();
        }
    }

    int pageCount(String translationId) {
        return ((Number) em.createNativeQuery("SELECT count(*) FROM translation_page WHERE translation_id = :id")
                .setParameter("id", translationId).getSingleResult()).intValue();
    }
}
