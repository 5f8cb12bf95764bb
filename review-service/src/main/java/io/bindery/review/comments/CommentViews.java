package io.bindery.review.comments;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.bindery.commons.projection.UserRef;

import java.time.Instant;
import java.util.List;

/** GitBook's Comment and CommentReply objects and their parts. */
public final class CommentViews {
    private CommentViews() {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record CommentView(String object, String id, UserRef.View postedBy, Instant postedAt, Instant editedAt,
                              List<Reaction> reactions, long replies, List<Replier> repliers, Object body, Target target,
                              Urls urls, Permissions permissions, String status, Instant resolvedAt, UserRef.View resolvedBy) {
        /** The same comment with its body in another format. */
        public CommentView withBody(Object otherBody) {
            return new CommentView(object, id, postedBy, postedAt, editedAt, reactions, replies, repliers, otherBody, target, urls,
                    permissions, status, resolvedAt, resolvedBy);
        }
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ReplyView(String object, String id, UserRef.View postedBy, Instant postedAt, Instant editedAt,
                            List<Reaction> reactions, Object body, Urls urls, Permissions permissions) {
        /** The same reply with its body in another format. */
        public ReplyView withBody(Object otherBody) {
            return new ReplyView(object, id, postedBy, postedAt, editedAt, reactions, otherBody, urls, permissions);
        }
    }

    public record Reaction(String emoji, long count, List<Reactor> users) {
    }

    public record Reactor(UserRef.View user, Instant reactedAt) {
    }

    public record Replier(Instant updatedAt, long count, UserRef.View user) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Target(NodeRef node, TableCell tableCell, String changeRequest, PageRef page, String space, String revision) {
    }

    public record NodeRef(String id) {
    }

    public record PageRef(String id) {
    }

    public record TableCell(String record, String definition) {
    }

    public record Urls(String location) {
    }

    public record Permissions(boolean view, boolean edit, boolean reply, boolean delete) {
    }
}
