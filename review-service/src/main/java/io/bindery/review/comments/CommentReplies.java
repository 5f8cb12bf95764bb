package io.bindery.review.comments;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.json.JsonBody;
import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.KeysetPage;
import io.bindery.commons.lists.Limits;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.SortKey;
import io.bindery.contracts.review.ReviewEventTypes;
import io.bindery.contracts.review.ReviewItemDeleted;
import io.bindery.review.access.ChangeRequestPolicy;
import io.bindery.review.access.ReviewAccess;
import io.bindery.review.comments.CommentViews.ReplyView;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.LockModeType;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Replies to a comment, oldest first; the same rights as comments. Writing a reply locks its comment shared
 * (replies go on together, a delete of the comment waits or is waited for) and, to change or delete one, the
 * reply's own row: the comment's row before the reply's, as a comment delete takes them.
 */
@ApplicationScoped
public class CommentReplies {
    @Inject
    ReviewAccess access;
    @Inject
    Comments comments;
    @Inject
    CommentRenderer renderer;
    @Inject
    Reactions reactions;
    @Inject
    EventPublisher events;
    @Inject
    CommentStore store;

    public ListPage<ReplyView> list(CommentThread thread, String commentId, String pageCursor, String limitParam, String format) {
        int limit = Limits.parse(limitParam);
        boolean document = CommentBodies.documentFormat(format);
        KeysetPage<CommentReply> page = OLDEST_FIRST.page(pageCursor, limit);
        String caller = access.userId();
        return QuarkusTransaction.requiringNew().call(() -> {
            Comment comment = comments.require(thread, commentId);
            return store.replyPage(page, comment.id)
                    .render(rows -> renderer.replies(thread, comment, rows, caller, document));
        });
    }

    static final Keyset<CommentReply> OLDEST_FIRST = Keyset.ascending(
            SortKey.instant("posted_at", r -> r.postedAt), SortKey.text("id", r -> r.id)); // SQL columns: CommentStore.replyPage

    public ReplyView create(CommentThread thread, String commentId, JsonNode node, String format) {
        JsonBody body = JsonBody.of(node);
        comments.requireComment(thread, ChangeRequestPolicy.Action.REPLY);
        boolean document = CommentBodies.documentFormat(format);
        String markdown = CommentBodies.markdown(body.raw("body"), "body");
        String caller = access.userId();
        return QuarkusTransaction.requiringNew().call(() -> {
            Comment comment = comments.require(thread, commentId, LockModeType.PESSIMISTIC_READ);
            CommentReply reply = new CommentReply();
            reply.id = Ids.newId();
            reply.commentId = comment.id;
            reply.postedBy = caller;
            reply.postedAt = Comments.now();
            reply.body = markdown;
            store.insert(reply);
            ReplyView view = renderer.replies(thread, comment, List.of(reply), caller, false).get(0);
            events.publish(ReviewEventTypes.REPLY_CREATED, reply.id, view);
            return document ? view.withBody(CommentBodies.render(reply.body, true)) : view;
        });
    }

    public ReplyView get(CommentThread thread, String commentId, String replyId, String format) {
        boolean document = CommentBodies.documentFormat(format);
        String caller = access.userId();
        return QuarkusTransaction.requiringNew().call(() -> {
            Comment comment = comments.require(thread, commentId);
            return renderer.replies(thread, comment, List.of(require(comment, replyId, LockModeType.NONE)), caller, document).get(0);
        });
    }

    /** PUT: body (author only), addedReactions, removedReactions. */
    public ReplyView update(CommentThread thread, String commentId, String replyId, JsonNode node, String format) {
        JsonBody body = JsonBody.of(node);
        boolean document = CommentBodies.documentFormat(format);
        String markdown = body.has("body") ? CommentBodies.markdown(body.raw("body"), "body") : null;
        List<String> added = Reactions.parse(body, "addedReactions");
        List<String> removed = Reactions.parse(body, "removedReactions");
        comments.requireComment(thread, ChangeRequestPolicy.Action.CHANGE_REPLY);
        String caller = access.userId();
        return QuarkusTransaction.requiringNew().call(() -> {
            Comment comment = comments.require(thread, commentId, LockModeType.PESSIMISTIC_READ);
            CommentReply reply = require(comment, replyId, LockModeType.PESSIMISTIC_WRITE);
            Instant now = Comments.now();
            if (markdown != null) {
                if (!reply.postedBy.equals(caller)) {
                    throw ApiException.forbidden("only the author of a reply may change its body");
                }
                reply.body = markdown;
                reply.editedAt = now;
            }
            reactions.apply(reply.id, caller, added, removed, now);
            ReplyView view = renderer.replies(thread, comment, List.of(reply), caller, false).get(0);
            events.publish(ReviewEventTypes.REPLY_UPDATED, reply.id, view);
            return document ? view.withBody(CommentBodies.render(reply.body, true)) : view;
        });
    }

    public void delete(CommentThread thread, String commentId, String replyId) {
        String caller = access.userId();
        QuarkusTransaction.requiringNew().run(() -> {
            Optional<Comment> comment = comments.find(thread, commentId, LockModeType.PESSIMISTIC_READ);
            Optional<CommentReply> reply = comment.flatMap(c -> find(c, replyId, LockModeType.PESSIMISTIC_WRITE));
            if (reply.isEmpty()) {
                return;
            }
            CommentReply r = reply.get();
            if (!r.postedBy.equals(caller) && !thread.isAdmin()) {
                throw ApiException.forbidden("only the author of a reply or an admin may delete it");
            }
            store.delete(r);
            events.publish(ReviewEventTypes.REPLY_DELETED, r.id, new ReviewItemDeleted(r.id, thread.spaceId(), thread.changeRequestId(), commentId));
        });
    }

    private CommentReply require(Comment comment, String replyId, LockModeType lock) {
        return find(comment, replyId, lock).orElseThrow(() -> ApiException.notFound("no reply " + replyId + " on comment " + comment.id));
    }

    private Optional<CommentReply> find(Comment comment, String replyId, LockModeType lock) {
        return store.findReply(replyId, lock).filter(r -> r.commentId.equals(comment.id));
    }
}
