package io.bindery.review.reviews;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.bindery.commons.projection.UserRef;
import io.bindery.review.comments.CommentViews;

import java.time.Instant;
import java.util.List;

/** GitBook's ChangeRequestReview and ChangeRequestRequestedReviewer objects. */
public final class ReviewViews {
    private ReviewViews() {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ReviewView(String object, String id, String revision, UserRef.View reviewer, String status, boolean outdated,
                             CommentViews.CommentView comment, Instant createdAt, Instant updatedAt, Urls urls) {
    }

    public record RequestedReviewerView(String object, String revision, UserRef.View requestedBy, Instant createdAt,
                                        String kind, UserRef.View user) {
    }

    public record RequestedReviewers(List<RequestedReviewerView> users) {
    }

    public record Urls(String location) {
    }
}
