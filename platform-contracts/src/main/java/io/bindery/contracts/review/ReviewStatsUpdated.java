package io.bindery.contracts.review;

/**
 * The data of {@code bindery.space.review-stats.updated.v1}: a space's review counters, for content's Space
 * object. {@code version} grows with every publication for the space, so a consumer keeps the greatest.
 */
public record ReviewStatsUpdated(String space, long comments, long changeRequests, long changeRequestsOpen,
                                 long changeRequestsDraft, long version) {
}
