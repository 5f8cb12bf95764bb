package io.bindery.review.spacestate;

import io.bindery.commons.events.EventPublisher;
import io.bindery.contracts.review.ReviewEventTypes;
import io.bindery.contracts.review.ReviewStatsUpdated;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
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
    SpaceStateStore store;
    @Inject
    EventPublisher events;

    @Transactional(Transactional.TxType.MANDATORY)
    public ReviewStatsUpdated publish(String spaceId) {
        long version = store.nextStatsVersion(spaceId);
        long[] counts = store.counts(spaceId);
        ReviewStatsUpdated stats = new ReviewStatsUpdated(spaceId, counts[0], counts[1], counts[2], counts[3], version);
        events.publish(ReviewEventTypes.SPACE_REVIEW_STATS_UPDATED, spaceId, stats);
        return stats;
    }
}
