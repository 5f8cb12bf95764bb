package io.bindery.review.comments;

import io.bindery.commons.sql.SqlValues;
import io.bindery.commons.lists.KeysetPage;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.Where;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.Query;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** The queries of {@code comment}, {@code comment_reply} and {@code reaction}. Runs in the caller's transaction. */
@ApplicationScoped
class CommentStore {
    @Inject
    EntityManager em;

    record ReactionRow(String target, String emoji, String user, Instant at) {
    }

    record ReplierRow(String comment, String user, long count, Instant updatedAt) {
    }

    // Native SQL, not HQL (nor Panache's query strings): the first HQL statement loads Hibernate's HQL parser
    // (~750 classes, ~5 MB of metaspace, kept for the life of the JVM). Keyset columns are SQL: see Comments.OLDEST_FIRST.

    // --- comments

    /** A page of the thread's comments: of the given status ({@code all}: any), page and authors (empty: any). */
    ListPage<Comment> page(KeysetPage<Comment> page, CommentThread thread, String status, String targetPage, List<String> authors) {
        Where where = Where.of("space_id = :space", "space", thread.spaceId());
        if (thread.changeRequest() == null) {
            where.and("change_request_id IS NULL");
        } else {
            where.and("change_request_id = :cr", "cr", thread.changeRequestId());
        }
        if (!status.equals("all")) {
            where.and("status = :status", "status", status);
        }
        if (targetPage != null) {
            where.and("page_id = :page", "page", targetPage);
        }
        if (!authors.isEmpty()) {
            where.and("posted_by IN (:authors)", "authors", authors);
        }
        return page.sql(em, Comment.class, "SELECT *", "FROM comment", where);
    }

    Optional<Comment> find(String commentId, LockModeType lock) {
        return Comment.findByIdOptional(commentId, lock);
    }

    /** The comments of these ids (in no particular order). */
    @SuppressWarnings("unchecked")
    List<Comment> byIds(List<String> ids) {
        if (ids.isEmpty()) {
            return List.of(); // "IN ()" is not SQL
        }
        return em.createNativeQuery("SELECT * FROM comment WHERE id IN (:ids)", Comment.class).setParameter("ids", ids)
                .getResultList();
    }

    void insert(Comment comment) {
        comment.persist();
    }

    /** The comment, its replies and the reactions to both. */
    void delete(Comment comment) {
        List<String> targets = new java.util.ArrayList<>();
        targets.add(comment.id);
        @SuppressWarnings("unchecked")
        List<String> replies = em.createNativeQuery("SELECT id FROM comment_reply WHERE comment_id = :c")
                .setParameter("c", comment.id).getResultList();
        targets.addAll(replies);
        deleteReactions(targets);
        comment.delete();
    }

    // --- replies

    ListPage<CommentReply> replyPage(KeysetPage<CommentReply> page, String commentId) {
        return page.sql(em, CommentReply.class, "SELECT *", "FROM comment_reply", Where.of("comment_id = :comment", "comment", commentId));
    }

    Optional<CommentReply> findReply(String replyId, LockModeType lock) {
        return CommentReply.findByIdOptional(replyId, lock);
    }

    void insert(CommentReply reply) {
        reply.persist();
    }

    /** The reply and the reactions to it. */
    void delete(CommentReply reply) {
        deleteReactions(List.of(reply.id));
        reply.delete();
    }

    /** Per comment, who replied, how often and when last: the most recent first. */
    List<ReplierRow> repliers(List<String> commentIds) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("""
                        SELECT comment_id, posted_by, count(*), max(posted_at) FROM comment_reply
                        WHERE comment_id IN (:ids) GROUP BY comment_id, posted_by ORDER BY max(posted_at) DESC, posted_by""")
                .setParameter("ids", commentIds).getResultList();
        return rows.stream().map(r -> new ReplierRow((String) r[0], (String) r[1],
                ((Number) r[2]).longValue(), SqlValues.instant(r[3]))).toList();
    }

    /** Who posted a comment or a reply in the thread, by user id. */
    List<String> authors(CommentThread thread) {
        String scope = thread.changeRequest() == null ? "c.change_request_id IS NULL" : "c.change_request_id = :cr";
        Query q = em.createNativeQuery("SELECT c.posted_by FROM comment c WHERE c.space_id = :s AND " + scope
                + " UNION SELECT r.posted_by FROM comment_reply r JOIN comment c ON c.id = r.comment_id"
                + " WHERE c.space_id = :s AND " + scope + " ORDER BY 1");
        q.setParameter("s", thread.spaceId());
        if (thread.changeRequest() != null) {
            q.setParameter("cr", thread.changeRequestId());
        }
        @SuppressWarnings("unchecked")
        List<String> ids = q.getResultList();
        return ids;
    }

    // --- reactions

    /** Adding twice counts once: one row per target, user and emoji. */
    void react(String targetId, String emoji, String userId, Instant at) {
        em.createNativeQuery("INSERT INTO reaction (target_id, emoji, user_id, reacted_at) VALUES (:t, :e, :u, :at) "
                        + "ON CONFLICT DO NOTHING")
                .setParameter("t", targetId).setParameter("e", emoji).setParameter("u", userId).setParameter("at", at)
                .executeUpdate();
    }

    void unreact(String targetId, String userId, List<String> emojis) {
        em.createNativeQuery("DELETE FROM reaction WHERE target_id = :t AND user_id = :u AND emoji IN (:e)")
                .setParameter("t", targetId).setParameter("u", userId).setParameter("e", emojis).executeUpdate();
    }

    void deleteReactions(List<String> targetIds) {
        if (!targetIds.isEmpty()) {
            em.createNativeQuery("DELETE FROM reaction WHERE target_id IN (:t)").setParameter("t", targetIds).executeUpdate();
        }
    }

    /** The reactions to these targets, in the order they were made. */
    List<ReactionRow> reactions(List<String> targetIds) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT target_id, emoji, user_id, reacted_at FROM reaction "
                        + "WHERE target_id IN (:ids) ORDER BY reacted_at, user_id")
                .setParameter("ids", targetIds).getResultList();
        return rows.stream().map(r -> new ReactionRow((String) r[0], (String) r[1], (String) r[2], SqlValues.instant(r[3]))).toList();
    }
}
