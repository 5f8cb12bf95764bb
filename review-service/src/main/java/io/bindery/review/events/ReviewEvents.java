package io.bindery.review.events;

/**
 * The CloudEvent types review-service publishes on bindery.review.events (documented in
 * META-INF/resources/asyncapi.yaml). Change-request and comment events are keyed by their own id; the
 * space counters event by the space id.
 */
public final class ReviewEvents {
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
    public static final String SPACE_REVIEW_STATS = "bindery.space.review-stats.updated.v1";

    private ReviewEvents() {
    }
}
