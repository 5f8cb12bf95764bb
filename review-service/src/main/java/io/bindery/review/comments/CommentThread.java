package io.bindery.review.comments;

import io.bindery.review.access.ChangeRequestPolicy;
import io.bindery.review.changerequests.ChangeRequestRef;
import io.bindery.review.client.SpaceAccess;

/**
 * Where comments live: a space's own discussion, or one change request's. Carries the caller's role on the
 * space, which decides what it may do there.
 */
public record CommentThread(SpaceAccess space, ChangeRequestRef changeRequest) {

    public String spaceId() {
        return space.spaceId();
    }

    public String changeRequestId() {
        return changeRequest == null ? null : changeRequest.id();
    }

    /** The revision a new comment is posted on: the change request's head, or the space's live revision. */
    public String revision() {
        return changeRequest == null ? space.revision() : changeRequest.revision();
    }

    /** API path of the thread's comments, for {@code urls.location}. */
    public String commentsPath() {
        return changeRequest == null ? "/spaces/" + spaceId() + "/comments"
                : "/spaces/" + spaceId() + "/change-requests/" + changeRequest.id() + "/comments";
    }

    public ChangeRequestPolicy policy() {
        return ChangeRequestPolicy.of(space);
    }

    public boolean canComment() {
        return policy().allows(ChangeRequestPolicy.Action.POST_COMMENT);
    }

    public boolean isAdmin() {
        return policy().isAdmin();
    }
}
