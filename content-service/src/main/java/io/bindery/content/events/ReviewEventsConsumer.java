package io.bindery.content.events;

import io.bindery.content.branches.Branches;
import io.bindery.contracts.review.ChangeRequestChanged;
import io.bindery.content.config.ContentConfig;
import io.bindery.contracts.review.ReviewEventTypes;
import io.bindery.contracts.review.ReviewStatsUpdated;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.events.TopicConsumer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import io.bindery.content.spaces.SpaceProjections;
import org.jboss.logging.Logger;

/**
 * Keeps each branch's change request subject and open comments from review's change request events
 * ({@link Branches#reviewed}), and the review counters of the Space resource (comments, change requests open and draft) from review's
 * {@code bindery.space.review-stats.updated.v1}. Each event carries the whole set with a version that grows per
 * space, so applying means "newer than what is stored wins": redeliveries and late older events change nothing.
 * The counters are part of the Space view, but a counter change is no {@code space.updated} event.
 */
@ApplicationScoped
public class ReviewEventsConsumer extends TopicConsumer {
    private static final Logger LOG = Logger.getLogger(ReviewEventsConsumer.class);

    @Inject
    SpaceProjections spaces;
    @Inject
    ContentConfig config;
    @Inject
    Branches branches;

    @Override
    protected String topic() {
        return ReviewEventTypes.TOPIC;
    }

    @Override
    protected boolean enabled() {
        return config.consumers().reviewEvents().enabled();
    }

    @Override
    protected void handlers() {
        // the data as it came: read strictly below (every field required, whole numbers), not by the lenient mapper
        on(ReviewEventTypes.SPACE_REVIEW_STATS_UPDATED, JsonNode.class, event -> statsUpdated(event.data()));
        // a change request's subject and open comments, which content shows in mergedFrom and a write's answer
        on(java.util.List.of(ReviewEventTypes.CHANGE_REQUEST_CREATED, ReviewEventTypes.CHANGE_REQUEST_UPDATED,
                ReviewEventTypes.CHANGE_REQUEST_MERGED), ChangeRequestChanged.class, event -> branches.reviewed(event.data()));
    }

    private void statsUpdated(JsonNode data) {
        ReviewStatsUpdated stats = read(data);
        if (stats.space() == null || stats.space().isEmpty()) {
            throw new IllegalArgumentException("review stats without a space");
        }
        // one conditional statement: concurrent deliveries cannot interleave a read and a write, and an unknown
        // space simply matches no row
        boolean applied = spaces.reviewStats(stats.space(), count("comments", stats.comments()),
                count("changeRequests", stats.changeRequests()), count("changeRequestsOpen", stats.changeRequestsOpen()),
                count("changeRequestsDraft", stats.changeRequestsDraft()), stats.version());
        LOG.debugf("review stats of space %s version %d: %s", stats.space(), stats.version(), applied ? "applied" : "ignored");
    }

    /** Every field is required and a whole number where the record says so: a malformed event is not applied. */
    private ReviewStatsUpdated read(JsonNode data) {
        try {
            return json.readerFor(ReviewStatsUpdated.class)
                    .with(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES, DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES,
                            DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES)
                    .without(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                    .treeToValue(data, ReviewStatsUpdated.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("malformed review stats: " + e.getOriginalMessage(), e);
        }
    }

    /** The space columns are ints: a count outside 0..int range is refused, as before. */
    private static int count(String field, long value) {
        if (value < 0 || value > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(field + " must be a count (a whole number of 0 or more), got " + value);
        }
        return (int) value;
    }
}
