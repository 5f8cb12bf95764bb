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
import io.bindery.review.changerequests.ChangeRequestRef;
import io.bindery.review.changerequests.ChangeRequests;
import io.bindery.review.client.SpaceAccess;
import io.bindery.review.comments.CommentViews.CommentView;
import io.bindery.review.spacestate.ReviewStats;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.LockModeType;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Comments on a space or on a change request. Reading needs only to see the space; posting, replying,
 * resolving and reacting need the comment role; editing the body is the author's; deleting is the author's or
 * an admin's. A change or a delete locks the comment's row first, so it works on the comment as it is once
 * another change has committed (a resolve, an edit, a delete), and replies and reactions (which lock it shared)
 * never land on a comment being deleted.
 */
@ApplicationScoped
public class Comments {
    @Inject
    ReviewAccess access;
    @Inject
    ChangeRequests changeRequests;
    @Inject
    CommentRenderer renderer;
    @Inject
    Reactions reactions;
    @Inject
    EventPublisher events;
    @Inject
    ReviewStats stats;
    @Inject
    CommentStore store;

    /** The thread of a space ({@code changeRequestIdOrNumber} null) or of one of its change requests. */
    public CommentThread thread(String spaceId, String changeRequestIdOrNumber) {
        SpaceAccess space = access.space(spaceId);
        ChangeRequestRef cr = changeRequestIdOrNumber == null ? null
                : QuarkusTransaction.requiringNew().call(() -> changeRequests.find(space.spaceId(), changeRequestIdOrNumber));
        return new CommentThread(space, cr);
    }

    public record ListQuery(String page, String limit, String order, String status, String format, String targetPage,
                            List<String> authors) {
    }

    public ListPage<CommentView> list(CommentThread thread, ListQuery q) {
        int limit = Limits.parse(q.limit());
        boolean document = CommentBodies.documentFormat(q.format());
        boolean ascending = switch (q.order() == null ? "desc" : q.order()) {
            case "asc" -> true;
            case "desc" -> false;
            default -> throw ApiException.badRequest("order must be asc or desc");
        };
        String status = q.status() == null ? "all" : q.status();
        if (!List.of("all", "open", "resolved").contains(status)) {
            throw ApiException.badRequest("status must be all, open or resolved");
        }
        KeysetPage<Comment> page = OLDEST_FIRST.descending(!ascending).page(q.page(), limit);
        List<String> authors = q.authors() == null ? List.of() : q.authors().stream().filter(a -> !a.isBlank()).toList();
        String caller = access.userId();
        return QuarkusTransaction.requiringNew().call(() -> store.page(page, thread, status, q.targetPage(), authors)
                .render(rows -> renderer.comments(thread, rows, caller, document)));
    }

    /** SQL columns: CommentStore.page runs native SQL. */
    static final Keyset<Comment> OLDEST_FIRST = Keyset.ascending(SortKey.instant("posted_at", c -> c.postedAt), SortKey.text("id", c -> c.id));

    /** Body: body (required), optional page, node, tableCell {record, definition}. */
    public CommentView create(CommentThread thread, JsonNode node, String format) {
        JsonBody body = JsonBody.of(node);
        requireComment(thread, ChangeRequestPolicy.Action.POST_COMMENT);
        boolean document = CommentBodies.documentFormat(format);
        String markdown = CommentBodies.markdown(body.raw("body"), "body");
        Optional<String> page = body.string("page", 1, 100, true);
        Optional<String> nodeId = body.string("node", 1, 100, true);
        Optional<JsonBody> cell = body.object("tableCell");
        String record = cell.map(c -> c.requiredString("record", 1, 100)).orElse(null);
        String definition = cell.map(c -> c.requiredString("definition", 1, 100)).orElse(null);
        String caller = access.userId();
        return QuarkusTransaction.requiringNew().call(() -> {
            CommentView posted = insert(thread, caller, markdown, page.orElse(null), nodeId.orElse(null), record, definition);
            return document ? posted.withBody(CommentBodies.render(markdown, true)) : posted;
        });
    }

    /** Records a new open comment and its events; runs in the caller's transaction. Answers it with a markdown body. */
    public CommentView insert(CommentThread thread, String caller, String markdown, String page, String nodeId, String record,
                   String definition) {
        Comment c = new Comment();
        c.id = Ids.newId();
        c.spaceId = thread.spaceId();
        c.changeRequestId = thread.changeRequestId();
        c.postedBy = caller;
        c.postedAt = now();
        c.body = markdown;
        c.revision = thread.revision();
        c.pageId = page;
        c.nodeId = nodeId;
        c.tableRecord = record;
        c.tableDefinition = definition;
        c.status = "open";
        store.insert(c);
        CommentView view = renderer.comments(thread, List.of(c), caller, false).get(0);
        events.publish(ReviewEventTypes.COMMENT_CREATED, c.id, view);
        changed(thread);
        return view;
    }

    /**
     * The comments of these ids in the thread, as a markdown body, by id: one rendering for a page of things that
     * carry a comment (reviews). Runs in the caller's transaction.
     */
    public Map<String, CommentView> views(CommentThread thread, List<String> commentIds, String caller) {
        List<Comment> posted = commentIds.isEmpty() ? List.of() : store.byIds(commentIds);
        Map<String, CommentView> views = new HashMap<>();
        List<CommentView> rendered = renderer.comments(thread, posted, caller, false);
        for (int i = 0; i < posted.size(); i++) {
            views.put(posted.get(i).id, rendered.get(i));
        }
        return views;
    }

    public CommentView get(CommentThread thread, String commentId, String format) {
        boolean document = CommentBodies.documentFormat(format);
        String caller = access.userId();
        return QuarkusTransaction.requiringNew().call(() ->
                renderer.comments(thread, List.of(require(thread, commentId)), caller, document).get(0));
    }

    /** PUT: resolved, body (author only), addedReactions, removedReactions; all optional. */
    public CommentView update(CommentThread thread, String commentId, JsonNode node, String format) {
        JsonBody body = JsonBody.of(node);
        boolean document = CommentBodies.documentFormat(format);
        Optional<Boolean> resolved = body.bool("resolved");
        String markdown = body.has("body") ? CommentBodies.markdown(body.raw("body"), "body") : null;
        List<String> added = Reactions.parse(body, "addedReactions");
        List<String> removed = Reactions.parse(body, "removedReactions");
        requireComment(thread, ChangeRequestPolicy.Action.CHANGE_COMMENT);
        String caller = access.userId();
        return QuarkusTransaction.requiringNew().call(() -> {
            Comment c = require(thread, commentId, LockModeType.PESSIMISTIC_WRITE);
            Instant now = now();
            if (markdown != null) {
                if (!c.postedBy.equals(caller)) {
                    throw ApiException.forbidden("only the author of a comment may change its body");
                }
                c.body = markdown;
                c.editedAt = now;
            }
            boolean statusChanged = false;
            if (resolved.isPresent() && resolved.get() != "resolved".equals(c.status)) {
                c.status = resolved.get() ? "resolved" : "open";
                c.resolvedAt = resolved.get() ? now : null;
                c.resolvedBy = resolved.get() ? caller : null;
                statusChanged = true;
            }
            reactions.apply(c.id, caller, added, removed, now);
            CommentView view = renderer.comments(thread, List.of(c), caller, false).get(0);
            events.publish(ReviewEventTypes.COMMENT_UPDATED, c.id, view);
            if (statusChanged) {
                changed(thread);
            }
            return document ? view.withBody(CommentBodies.render(c.body, true)) : view;
        });
    }

    /** The author or an admin deletes a comment with its replies; a comment that does not exist is a 204 too. */
    public void delete(CommentThread thread, String commentId) {
        String caller = access.userId();
        QuarkusTransaction.requiringNew().run(() -> {
            Optional<Comment> found = find(thread, commentId, LockModeType.PESSIMISTIC_WRITE);
            if (found.isEmpty()) {
                return;
            }
            Comment c = found.get();
            if (!c.postedBy.equals(caller) && !thread.isAdmin()) {
                throw ApiException.forbidden("only the author of a comment or an admin may delete it");
            }
            store.delete(c);
            events.publish(ReviewEventTypes.COMMENT_DELETED, c.id, new ReviewItemDeleted(c.id, c.spaceId, c.changeRequestId, null));
            changed(thread);
        });
    }

    void requireComment(CommentThread thread, ChangeRequestPolicy.Action action) {
        thread.policy().require(action);
    }

    Comment require(CommentThread thread, String commentId) {
        return require(thread, commentId, LockModeType.NONE);
    }

    /**
     * The comment of this thread, locked as asked: PESSIMISTIC_WRITE to change or delete it, PESSIMISTIC_READ
     * (shared) to write under it (a reply, a reply's reactions) while keeping it from being deleted.
     */
    Comment require(CommentThread thread, String commentId, LockModeType lock) {
        return find(thread, commentId, lock).orElseThrow(() -> ApiException.notFound("no comment " + commentId + " here"));
    }

    Optional<Comment> find(CommentThread thread, String commentId, LockModeType lock) {
        return store.find(commentId, lock).filter(c -> c.spaceId.equals(thread.spaceId())
                && java.util.Objects.equals(c.changeRequestId, thread.changeRequestId()));
    }

    /** Open comments moved: the space's counters (space comments) or the change request's (its comments). */
    void changed(CommentThread thread) {
        stats.publish(thread.spaceId());
    }

    public static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }
}
