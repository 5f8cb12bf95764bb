package io.bindery.review.reviews;

import io.bindery.commons.sql.SqlValues;
import io.bindery.commons.lists.KeysetPage;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.Where;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** The queries of {@code change_request_review} and {@code change_request_reviewer}. Runs in the caller's transaction. */
@ApplicationScoped
class ReviewStore {
    @Inject
    EntityManager em;

    record ReviewRow(String id, String reviewer, String status, String revision, String commentId, Instant createdAt) {
    }

    // --- reviews

    void insert(String changeRequestId, ReviewRow row) {
        em.createNativeQuery("INSERT INTO change_request_review (id, change_request_id, reviewer, status, revision, comment_id, created_at) "
                        + "VALUES (:id, :cr, :u, :s, :r, :c, :t)")
                .setParameter("id", row.id()).setParameter("cr", changeRequestId).setParameter("u", row.reviewer())
                .setParameter("s", row.status()).setParameter("r", row.revision()).setParameter("c", row.commentId())
                .setParameter("t", row.createdAt()).executeUpdate();
    }

    /** A page of rows of (id, reviewer, status, revision, comment_id, created_at). */
    ListPage<Object[]> page(KeysetPage<Object[]> keyset, String changeRequestId) {
        return keyset.sql(em, "SELECT id, reviewer, status, revision, comment_id, created_at", "FROM change_request_review",
                Where.of("change_request_id = :cr", "cr", changeRequestId));
    }

    /** The review of the change request with this id: one row, or none. */
    List<ReviewRow> find(String changeRequestId, String reviewId) {
        return rows(em.createNativeQuery("SELECT id, reviewer, status, revision, comment_id, created_at "
                        + "FROM change_request_review WHERE change_request_id = :cr AND id = :id")
                .setParameter("cr", changeRequestId).setParameter("id", reviewId).getResultList());
    }

    /** Of {@code users}, those whose latest review of the change request is an approval. */
    List<String> approvers(String changeRequestId, List<String> users) {
        @SuppressWarnings("unchecked")
        List<String> approvers = em.createNativeQuery("""
                        SELECT r.reviewer FROM change_request_review r
                        WHERE r.change_request_id = :cr AND r.reviewer IN (:users) AND r.status = 'approved'
                          AND NOT EXISTS (SELECT 1 FROM change_request_review later
                                          WHERE later.change_request_id = r.change_request_id AND later.reviewer = r.reviewer
                                            AND (later.created_at, later.id) > (r.created_at, r.id))""")
                .setParameter("cr", changeRequestId).setParameter("users", users).getResultList();
        return approvers;
    }

    static List<ReviewRow> rows(List<?> raw) {
        List<ReviewRow> out = new ArrayList<>();
        for (Object o : raw) {
            Object[] r = (Object[]) o;
            out.add(new ReviewRow((String) r[0], (String) r[1], (String) r[2], (String) r[3], (String) r[4], SqlValues.instant(r[5])));
        }
        return out;
    }

    // --- requested reviewers

    /** A page of rows of (user_id, requested_by, requested_at, revision). */
    ListPage<Object[]> requestedPage(KeysetPage<Object[]> keyset, String changeRequestId) {
        return keyset.sql(em, "SELECT user_id, requested_by, requested_at, revision", "FROM change_request_reviewer",
                Where.of("change_request_id = :cr", "cr", changeRequestId));
    }

    /** Asks the user to review; one already asked keeps the first request. */
    void request(String changeRequestId, String userId, String requestedBy, Instant at, String revision) {
        em.createNativeQuery("INSERT INTO change_request_reviewer (change_request_id, user_id, requested_by, requested_at, revision) "
                        + "VALUES (:cr, :u, :by, :t, :r) ON CONFLICT DO NOTHING")
                .setParameter("cr", changeRequestId).setParameter("u", userId).setParameter("by", requestedBy).setParameter("t", at)
                .setParameter("r", revision).executeUpdate();
    }

    /** Rows of (user_id, requested_by, requested_at, revision) of these users, by user id. */
    List<Object[]> requested(String changeRequestId, List<String> users) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT user_id, requested_by, requested_at, revision FROM change_request_reviewer "
                + "WHERE change_request_id = :cr AND user_id IN (:u) ORDER BY user_id").setParameter("cr", changeRequestId)
                .setParameter("u", users).getResultList();
        return rows;
    }

    void unrequest(String changeRequestId, String userId) {
        em.createNativeQuery("DELETE FROM change_request_reviewer WHERE change_request_id = :cr AND user_id = :u")
                .setParameter("cr", changeRequestId).setParameter("u", userId).executeUpdate();
    }
}
