package io.bindery.review.spacestate;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.util.List;
import java.util.Optional;

/**
 * The SQL of {@code space_review_state} (a space's main line as review learned it, and its stats version), the
 * main line's advisory lock, and the counts a stats publication carries. Runs in the caller's transaction.
 */
@ApplicationScoped
class SpaceStateStore {
    @Inject
    EntityManager em;

    /** The main revision review last handled and how many main moves it handled; empty before the first. */
    record MainState(String revision, long moves) {
    }

    Optional<MainState> mainState(String spaceId) {
        @SuppressWarnings("unchecked")
        List<Object[]> found = em.createNativeQuery("SELECT main_revision, main_moves FROM space_review_state WHERE space_id = :s")
                .setParameter("s", spaceId).getResultList();
        return found.stream().findFirst().map(r -> new MainState((String) r[0], ((Number) r[1]).longValue()));
    }

    long mainMoves(String spaceId) {
        List<?> found = em.createNativeQuery("SELECT main_moves FROM space_review_state WHERE space_id = :s")
                .setParameter("s", spaceId).getResultList();
        return found.isEmpty() ? 0 : ((Number) found.get(0)).longValue();
    }

    void lockMainLine(String spaceId) {
        em.createNativeQuery("SELECT pg_advisory_xact_lock(hashtext('review.main-line:' || :s))")
                .setParameter("s", spaceId).getSingleResult();
    }

    void mainMoved(String spaceId, String revision) {
        em.createNativeQuery("""
                        INSERT INTO space_review_state (space_id, main_revision, main_moves) VALUES (:s, :r, 1)
                        ON CONFLICT (space_id) DO UPDATE
                        SET main_revision = EXCLUDED.main_revision, main_moves = space_review_state.main_moves + 1""")
                .setParameter("s", spaceId).setParameter("r", revision).executeUpdate();
    }

    /** The space's next stats version, incremented in SQL under the row lock (never read and written back). */
    long nextStatsVersion(String spaceId) {
        em.flush();
        return ((Number) em.createNativeQuery("""
                        INSERT INTO space_review_state (space_id, stats_version) VALUES (:s, 1)
                        ON CONFLICT (space_id) DO UPDATE SET stats_version = space_review_state.stats_version + 1
                        RETURNING stats_version""")
                .setParameter("s", spaceId).getSingleResult()).longValue();
    }

    /** Open space comments, change requests, open ones, draft ones. */
    long[] counts(String spaceId) {
        Object[] counts = (Object[]) em.createNativeQuery("""
                        SELECT (SELECT count(*) FROM comment c
                                 WHERE c.space_id = :s AND c.change_request_id IS NULL AND c.status = 'open'),
                               count(*), count(*) FILTER (WHERE status = 'open'), count(*) FILTER (WHERE status = 'draft')
                        FROM change_request WHERE space_id = :s""")
                .setParameter("s", spaceId).getSingleResult();
        long[] out = new long[counts.length];
        for (int i = 0; i < counts.length; i++) {
            out[i] = ((Number) counts[i]).longValue();
        }
        return out;
    }
}
