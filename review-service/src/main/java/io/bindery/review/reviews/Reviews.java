package io.bindery.review.reviews;

import io.bindery.review.access.ReviewAccess;
import io.bindery.review.changerequests.ChangeRequests;
import io.bindery.review.comments.CommentRenderer;
import io.bindery.review.comments.CommentThread;
import io.bindery.review.comments.Comments;
import io.bindery.review.users.UserViews;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.KeysetPage;
import io.bindery.commons.lists.Limits;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.SortKey;
import io.bindery.commons.lists.Where;
import io.bindery.commons.projection.UserRef;
import io.bindery.commons.urls.PublicUrls;
import io.bindery.review.access.ChangeRequestPolicy;
import io.bindery.review.changerequests.ChangeRequest;
import io.bindery.review.changerequests.ChangeRequestStatus;
import io.bindery.review.comments.Comment;
import io.bindery.contracts.review.ReviewEventTypes;
import io.bindery.review.comments.CommentViews.CommentView;
import io.bindery.review.reviews.ReviewViews.RequestedReviewerView;
import io.bindery.review.reviews.ReviewViews.RequestedReviewers;
import io.bindery.review.reviews.ReviewViews.ReviewView;
import io.bindery.review.reviews.ReviewViews.Urls;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reviews of a change request (approve or request changes, needs the review role) and the reviewers asked for
 * one (edit role). An approval counts for the space's require_specific_reviewers merge rule ({@link MergeRules}).
 */
@ApplicationScoped
public class Reviews {

    @Inject
    ReviewAccess access;
    @Inject
    Comments comments;
    @Inject
    ChangeRequests changeRequests;
    @Inject
    CommentRenderer renderer;
    @Inject
    EntityManager em;
    @Inject
    UserViews userViews;
    @Inject
    PublicUrls urls;
    @Inject
    EventPublisher events;

    private record ReviewRow(String id, String reviewer, String status, String revision, String commentId, Instant createdAt) {
    }

    public ReviewView submit(String spaceId, String changeRequest, SubmitReviewRequest request) {
        String status = request.status();
        String markdown = request.commentMarkdown();
        CommentThread thread = comments.thread(spaceId, changeRequest);
        thread.policy().require(ChangeRequestPolicy.Action.REVIEW);
        String caller = access.userId();
        return QuarkusTransaction.requiringNew().call(() -> {
            // locked: a merge being recorded is seen (no review lands on a merged change request)
            ChangeRequest cr = changeRequests.requireForUpdate(thread.spaceId(), thread.changeRequestId());
            if (ChangeRequestStatus.MERGED.wire().equals(cr.status)) {
                throw ApiException.conflict("change request " + cr.number + " is already merged");
            }
            CommentView comment = markdown == null ? null : comments.insert(thread, caller, markdown, null, null, null, null);
            ReviewRow row = new ReviewRow(Ids.newId(), caller, status, cr.revision, comment == null ? null : comment.id(), Comments.now());
            em.createNativeQuery("INSERT INTO change_request_review (id, change_request_id, reviewer, status, revision, comment_id, created_at) "
                            + "VALUES (:id, :cr, :u, :s, :r, :c, :t)")
                    .setParameter("id", row.id()).setParameter("cr", cr.id).setParameter("u", caller).setParameter("s", status)
                    .setParameter("r", row.revision()).setParameter("c", row.commentId()).setParameter("t", row.createdAt())
                    .executeUpdate();
            ReviewView view = views(thread, List.of(row), caller).get(0);
            events.publish(ReviewEventTypes.REVIEW_SUBMITTED, row.id(), view);
            return view;
        });
    }

    public ListPage<ReviewView> list(String spaceId, String changeRequest, String page, String limitParam) {
        KeysetPage<Object[]> keyset = OLDEST_FIRST.page(page, Limits.parse(limitParam));
        CommentThread thread = comments.thread(spaceId, changeRequest);
        String caller = access.userId();
        return QuarkusTransaction.requiringNew().call(() -> {
            return keyset.sql(em, "SELECT id, reviewer, status, revision, comment_id, created_at", "FROM change_request_review",
                    Where.of("change_request_id = :cr", "cr", thread.changeRequestId())).render(r -> views(thread, rows(r), caller));
        });
    }

    /** Rows of (id, reviewer, status, revision, comment_id, created_at), oldest first. */
    private static final Keyset<Object[]> OLDEST_FIRST = Keyset.ascending(
            SortKey.instant("created_at", r -> CommentRenderer.toInstant(r[5])), SortKey.text("id", r -> (String) r[0]));

    public ReviewView get(String spaceId, String changeRequest, String reviewId) {
        CommentThread thread = comments.thread(spaceId, changeRequest);
        String caller = access.userId();
        return QuarkusTransaction.requiringNew().call(() -> {
            List<ReviewRow> rows = rows(em.createNativeQuery("SELECT id, reviewer, status, revision, comment_id, created_at "
                            + "FROM change_request_review WHERE change_request_id = :cr AND id = :id")
                    .setParameter("cr", thread.changeRequestId()).setParameter("id", reviewId).getResultList());
            if (rows.isEmpty()) {
                throw ApiException.notFound("no review " + reviewId + " of this change request");
            }
            return views(thread, rows, caller).get(0);
        });
    }

    public ListPage<RequestedReviewerView> requested(String spaceId, String changeRequest, String page, String limitParam) {
        KeysetPage<Object[]> keyset = BY_USER.page(page, Limits.parse(limitParam));
        CommentThread thread = comments.thread(spaceId, changeRequest);
        return QuarkusTransaction.requiringNew().call(() -> keyset
                .sql(em, "SELECT user_id, requested_by, requested_at, revision", "FROM change_request_reviewer",
                        Where.of("change_request_id = :cr", "cr", thread.changeRequestId()))
                .render(this::requestedViews));
    }

    /** Rows of (user_id, requested_by, requested_at, revision) by user id. */
    private static final Keyset<Object[]> BY_USER = Keyset.ascending(SortKey.text("user_id", r -> (String) r[0]));

    /** Body {users: [ids] (1..100), subject?}: asks them to review; already-asked users keep their first request. */
    public RequestedReviewers request(String spaceId, String changeRequest, RequestReviewersRequest request) {
        List<String> wanted = request.users();
        var subject = request.subjectIfSent();
        CommentThread thread = comments.thread(spaceId, changeRequest);
        thread.policy().require(ChangeRequestPolicy.Action.REQUEST_REVIEWERS);
        Map<String, UserRef> known = userViews.find(wanted);
        for (String id : wanted) {
            if (!known.containsKey(id)) {
                throw ApiException.badRequest("users: no user " + id);
            }
        }
        String caller = access.userId();
        return QuarkusTransaction.requiringNew().call(() -> {
            // locked: the subject and updatedAt are written over the row as it is now (a PATCH, a merge meanwhile)
            ChangeRequest cr = changeRequests.requireForUpdate(thread.spaceId(), thread.changeRequestId());
            Instant now = Comments.now();
            for (String id : new java.util.LinkedHashSet<>(wanted)) {
                em.createNativeQuery("INSERT INTO change_request_reviewer (change_request_id, user_id, requested_by, requested_at, revision) "
                                + "VALUES (:cr, :u, :by, :t, :r) ON CONFLICT DO NOTHING")
                        .setParameter("cr", cr.id).setParameter("u", id).setParameter("by", caller).setParameter("t", now)
                        .setParameter("r", cr.revision).executeUpdate();
            }
            subject.ifPresent(s -> cr.subject = s);
            cr.updatedAt = now;
            @SuppressWarnings("unchecked")
            List<Object[]> rows = em.createNativeQuery("SELECT user_id, requested_by, requested_at, revision FROM change_request_reviewer "
                    + "WHERE change_request_id = :cr AND user_id IN (:u) ORDER BY user_id").setParameter("cr", cr.id)
                    .setParameter("u", wanted).getResultList();
            return new RequestedReviewers(requestedViews(rows));
        });
    }

    public void unrequest(String spaceId, String changeRequest, String userId) {
        CommentThread thread = comments.thread(spaceId, changeRequest);
        thread.policy().require(ChangeRequestPolicy.Action.REMOVE_REVIEWER);
        QuarkusTransaction.requiringNew().run(() -> em.createNativeQuery(
                        "DELETE FROM change_request_reviewer WHERE change_request_id = :cr AND user_id = :u")
                .setParameter("cr", thread.changeRequestId()).setParameter("u", userId).executeUpdate());
    }

    private List<RequestedReviewerView> requestedViews(List<Object[]> rows) {
        Set<String> ids = new HashSet<>();
        rows.forEach(r -> {
            ids.add((String) r[0]);
            ids.add((String) r[1]);
        });
        Map<String, UserRef> known = userViews.find(ids);
        return rows.stream().map(r -> new RequestedReviewerView("change-request-requested-reviewer", (String) r[3],
                userViews.view(known, (String) r[1]), CommentRenderer.toInstant(r[2]), "user", userViews.view(known, (String) r[0]))).toList();
    }

    private static List<ReviewRow> rows(List<?> raw) {
        List<ReviewRow> out = new ArrayList<>();
        for (Object o : raw) {
            Object[] r = (Object[]) o;
            out.add(new ReviewRow((String) r[0], (String) r[1], (String) r[2], (String) r[3], (String) r[4], CommentRenderer.toInstant(r[5])));
        }
        return out;
    }

    /** One query for the reviewers, one for the comments posted with the reviews, and one rendering of those. */
    private List<ReviewView> views(CommentThread thread, List<ReviewRow> rows, String caller) {
        Map<String, UserRef> known = userViews.find(rows.stream().map(ReviewRow::reviewer).toList());
        List<String> commentIds = rows.stream().map(ReviewRow::commentId).filter(java.util.Objects::nonNull).toList();
        List<Comment> posted = commentIds.isEmpty() ? List.of() : Comment.list("id in ?1", commentIds);
        Map<String, CommentView> comments = new java.util.HashMap<>();
        List<CommentView> rendered = renderer.comments(thread, posted, caller, false);
        for (int i = 0; i < posted.size(); i++) {
            comments.put(posted.get(i).id, rendered.get(i));
        }
        String head = thread.changeRequest().revision;
        List<ReviewView> out = new ArrayList<>();
        for (ReviewRow r : rows) {
            out.add(new ReviewView("change-request-review", r.id(), r.revision(), userViews.view(known, r.reviewer()), r.status(),
                    !r.revision().equals(head), r.commentId() == null ? null : comments.get(r.commentId()),
                    r.createdAt(), r.createdAt(), new Urls(urls.api("/spaces/" + thread.spaceId() + "/change-requests/"
                    + thread.changeRequestId() + "/reviews/" + r.id()))));
        }
        return out;
    }
}
