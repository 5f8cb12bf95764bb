package io.bindery.review.comments;

import io.bindery.commons.projection.UserRef;
import io.bindery.commons.urls.PublicUrls;
import io.bindery.review.comments.CommentStore.ReactionRow;
import io.bindery.review.comments.CommentStore.ReplierRow;
import io.bindery.review.comments.CommentViews.CommentView;
import io.bindery.review.comments.CommentViews.NodeRef;
import io.bindery.review.comments.CommentViews.PageRef;
import io.bindery.review.comments.CommentViews.Permissions;
import io.bindery.review.comments.CommentViews.Reaction;
import io.bindery.review.comments.CommentViews.Reactor;
import io.bindery.review.comments.CommentViews.Replier;
import io.bindery.review.comments.CommentViews.ReplyView;
import io.bindery.review.comments.CommentViews.TableCell;
import io.bindery.review.comments.CommentViews.Target;
import io.bindery.review.comments.CommentViews.Urls;
import io.bindery.review.users.UserViews;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds Comment and CommentReply JSON for a page of them: one query for reactions, one for repliers, one for
 * users, whatever the page size. {@code permissions} are the caller's.
 */
@ApplicationScoped
public class CommentRenderer {
    @Inject
    CommentStore store;
    @Inject
    UserViews userViews;
    @Inject
    PublicUrls urls;

    public List<CommentView> comments(CommentThread thread, List<Comment> comments, String caller, boolean document) {
        if (comments.isEmpty()) {
            return List.of();
        }
        List<String> ids = comments.stream().map(c -> c.id).toList();
        List<ReactionRow> reactions = store.reactions(ids);
        List<ReplierRow> repliers = store.repliers(ids);
        Set<String> userIds = new HashSet<>();
        comments.forEach(c -> {
            userIds.add(c.postedBy);
            if (c.resolvedBy != null) {
                userIds.add(c.resolvedBy);
            }
        });
        reactions.forEach(r -> userIds.add(r.user()));
        repliers.forEach(r -> userIds.add(r.user()));
        Map<String, UserRef> known = userViews.find(userIds);
        List<CommentView> out = new ArrayList<>();
        for (Comment c : comments) {
            List<Replier> mine = new ArrayList<>();
            long replies = 0;
            for (ReplierRow r : repliers) {
                if (r.comment().equals(c.id)) {
                    mine.add(new Replier(r.updatedAt(), r.count(), userViews.view(known, r.user())));
                    replies += r.count();
                }
            }
            boolean resolved = "resolved".equals(c.status);
            out.add(new CommentView("comment", c.id, userViews.view(known, c.postedBy), c.postedAt, c.editedAt,
                    reactionViews(reactions, c.id, known), replies, mine, CommentBodies.render(c.body, document),
                    target(c), new Urls(urls.api(thread.commentsPath() + "/" + c.id)),
                    permissions(thread, c.postedBy, caller), c.status, resolved ? c.resolvedAt : null,
                    resolved && c.resolvedBy != null ? userViews.view(known, c.resolvedBy) : null));
        }
        return out;
    }

    public List<ReplyView> replies(CommentThread thread, Comment comment, List<CommentReply> replies, String caller, boolean document) {
        if (replies.isEmpty()) {
            return List.of();
        }
        List<ReactionRow> reactions = store.reactions(replies.stream().map(r -> r.id).toList());
        Set<String> userIds = new HashSet<>();
        replies.forEach(r -> userIds.add(r.postedBy));
        reactions.forEach(r -> userIds.add(r.user()));
        Map<String, UserRef> known = userViews.find(userIds);
        return replies.stream().map(r -> new ReplyView("comment-reply", r.id, userViews.view(known, r.postedBy), r.postedAt, r.editedAt,
                reactionViews(reactions, r.id, known), CommentBodies.render(r.body, document),
                new Urls(urls.api(thread.commentsPath() + "/" + comment.id + "/replies/" + r.id)),
                permissions(thread, r.postedBy, caller))).toList();
    }

    /** view: anyone who sees the space; edit: the author while it may comment; reply: comment rights; delete: author or admin. */
    static Permissions permissions(CommentThread thread, String author, String caller) {
        boolean mine = author.equals(caller);
        return new Permissions(true, mine && thread.canComment(), thread.canComment(), mine || thread.isAdmin());
    }

    private static Target target(Comment c) {
        return new Target(c.nodeId == null ? null : new NodeRef(c.nodeId),
                c.tableRecord == null ? null : new TableCell(c.tableRecord, c.tableDefinition), c.changeRequestId,
                c.pageId == null ? null : new PageRef(c.pageId), c.spaceId, c.revision);
    }

    /** Emojis in the order they were first used, each with its users in the order they reacted. */
    private List<Reaction> reactionViews(List<ReactionRow> rows, String target, Map<String, UserRef> known) {
        Map<String, List<Reactor>> byEmoji = new LinkedHashMap<>();
        for (ReactionRow r : rows) {
            if (r.target().equals(target)) {
                byEmoji.computeIfAbsent(r.emoji(), e -> new ArrayList<>()).add(new Reactor(userViews.view(known, r.user()), r.at()));
            }
        }
        List<Reaction> out = new ArrayList<>();
        byEmoji.forEach((emoji, reactors) -> out.add(new Reaction(emoji, reactors.size(), reactors)));
        return out;
    }

}
