package io.bindery.content.events;

import io.bindery.contracts.review.ReviewEventTypes;
import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.events.TopicConsumer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Keeps the review counters of the Space resource (comments, change requests open and draft) from review's
 * {@code bindery.space.review-stats.updated.v1}. Each event carries the whole set with a version that grows per
 * space, so applying means "newer than what is stored wins": redeliveries and late older events change nothing.
 * The counters are part of the Space view, but a counter change is no {@code space.updated} event.
 */
@ApplicationScoped
public class ReviewEventsConsumer extends TopicConsumer {
    private static final Logger LOG = Logger.getLogger(ReviewEventsConsumer.class);

    @Inject
    EntityManager em;
    @ConfigProperty(name = "bindery.consumers.review-events.enabled", defaultValue = "true")
    boolean enabled;

    @Override
    protected String topic() {
        return ReviewEventTypes.TOPIC;
    }

    @Override
    protected boolean enabled() {
        return enabled;
    }

    @Override
    protected void apply(JsonNode event) {
        if (!ReviewEventTypes.SPACE_REVIEW_STATS_UPDATED.equals(event.path("type").asText())) {
            return;
        }
        JsonNode data = event.path("data");
        String space = data.path("space").asText("");
        if (space.isEmpty()) {
            throw new IllegalArgumentException("review stats without a space");
        }
        // one conditional statement: concurrent deliveries cannot interleave a read and a write, and an unknown
        // space simply matches no row
        int updated = em.createNativeQuery("UPDATE space SET comments = :comments, change_requests = :crs,"
                        + " change_requests_open = :open, change_requests_draft = :draft, review_stats_version = :version"
                        + " WHERE id = :id AND review_stats_version < :version")
                .setParameter("comments", count(data, "comments"))
                .setParameter("crs", count(data, "changeRequests"))
                .setParameter("open", count(data, "changeRequestsOpen"))
                .setParameter("draft", count(data, "changeRequestsDraft"))
                .setParameter("version", version(data))
                .setParameter("id", space)
                .executeUpdate();
        LOG.debugf("review stats of space %s version %d: %s", space, version(data), updated == 1 ? "applied" : "ignored");
    }

    private static int count(JsonNode data, String field) {
        JsonNode v = data.path(field);
        if (!v.isInt() || v.asInt() < 0) {
            throw new IllegalArgumentException(field + " must be a count (a whole number of 0 or more), got " + v);
        }
        return v.asInt();
    }

    private static long version(JsonNode data) {
        JsonNode v = data.path("version");
        if (!v.isIntegralNumber() || !v.canConvertToLong()) {
            throw new IllegalArgumentException("version must be a whole number, got " + v);
        }
        return v.asLong();
    }
}
