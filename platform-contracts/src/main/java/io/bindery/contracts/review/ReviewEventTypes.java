package io.bindery.contracts.review;

import java.util.Map;

/**
 * The CloudEvent types review-service publishes on {@value #TOPIC} (documented in its asyncapi.yaml).
 * Change-request and comment events are keyed by their own id; the space counters event by the space id.
 */
public final class ReviewEventTypes {
    public static final String TOPIC = "bindery.review.events";

    public static final String CHANGE_REQUEST_CREATED = "bindery.change-request.created.v1";
    public static final String CHANGE_REQUEST_UPDATED = "bindery.change-request.updated.v1";
    public static final String CHANGE_REQUEST_MERGED = "bindery.change-request.merged.v1";
    public static final String COMMENT_CREATED = "bindery.comment.created.v1";
    public static final String COMMENT_UPDATED = "bindery.comment.updated.v1";
    public static final String COMMENT_DELETED = "bindery.comment.deleted.v1";
    public static final String REPLY_CREATED = "bindery.comment-reply.created.v1";
    public static final String REPLY_UPDATED = "bindery.comment-reply.updated.v1";
    public static final String REPLY_DELETED = "bindery.comment-reply.deleted.v1";
    public static final String REVIEW_SUBMITTED = "bindery.change-request.review.submitted.v1";
    public static final String SPACE_REVIEW_STATS_UPDATED = "bindery.space.review-stats.updated.v1";

    /**
     * The payload record of each type that has one. Change requests, comments, replies and reviews carry the
     * resource as the API shows it (review's views); a change request's is read through {@link ChangeRequestChanged},
     * the part content keeps.
     */
    public static final Map<String, Class<?>> PAYLOADS = Map.ofEntries(
            Map.entry(CHANGE_REQUEST_CREATED, ChangeRequestChanged.class),
            Map.entry(CHANGE_REQUEST_UPDATED, ChangeRequestChanged.class),
            Map.entry(CHANGE_REQUEST_MERGED, ChangeRequestChanged.class),
            Map.entry(COMMENT_DELETED, ReviewItemDeleted.class),
            Map.entry(REPLY_DELETED, ReviewItemDeleted.class),
            Map.entry(SPACE_REVIEW_STATS_UPDATED, ReviewStatsUpdated.class));

    private ReviewEventTypes() {
    }
}
