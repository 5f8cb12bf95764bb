package io.bindery.review.spacestate;

import io.bindery.commons.events.EventPublisher;
import io.bindery.contracts.review.ReviewEventTypes;
import io.bindery.contracts.review.ReviewStatsUpdated;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

/**
 * Publishes a space's review counters (open space comments, change requests by status) whenever a change may
 * have moved them, for content-service's Space object. Each publication carries the next version of a per-space
 * counter, taken under the row lock of the same transaction, so a consumer keeps the newest and drops
 * redelivered or reordered ones. The counter is incremented in SQL (never read and written back), and the
 * counts are read after it, so a higher version always counts every change of the publications before it.
 * space_review_state is the last row a review transaction locks (see {@link MainLine}): call this after the
 * change's own rows are written.
 */
@ApplicationScoped
public class ReviewStats {
    @Inject
    EntityManager em;
    @Inject
    EventPublisher events;

    @Transactional(Transactional.TxType.MANDATORY)
    public ReviewStatsUpdated publish(String spaceId) {
        em.flush();
        long version = ((Number) em.createNativeQuery("""
                        INSERT INTO space_review_state (space_id, stats_version) VALUES (:s, 1)
                        ON CONFLICT (space_id) DO UPDATE SET stats_version = space_review_state.stats_version + 1
                        RETURNING stats_version""")
                .setParameter("s", spaceId).getSingleResult()).longValue();
        Object[] counts = (Object[]) em.createNativeQuery("""
                        SELECT (SELECT count(*) FROM comment c
                                 WHERE c.space_id = :s AND c.change_request_id IS NULL AND c.status = 'open'),
                               count(*), count(*) FILTER (WHERE status = 'open'), count(*) FILTER (WHERE status = 'draft')
                        FROM change_request WHERE space_id = :s""")
                .setParameter("s", spaceId).getSingleResult();
        ReviewStatsUpdated stats = new ReviewStatsUpdated(spaceId, n(counts[0]), n(counts[1]), n(counts[2]), n(counts[3]), version);
        events.publish(ReviewEventTypes.SPACE_REVIEW_STATS_UPDATED, spaceId, stats);
        return stats;
    }

    private static long n(Object o) {
        return ((Number) o).longValue();
    }
}
