package io.bindery.review.reviews;

import io.bindery.commons.sql.SqlValues;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.KeysetPage;
import io.bindery.commons.lists.Limits;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.SortKey;
import io.bindery.commons.projection.UserRef;
import io.bindery.commons.urls.PublicUrls;
import io.bindery.contracts.review.ReviewEventTypes;
import io.bindery.review.access.ChangeRequestPolicy;
import io.bindery.review.access.ReviewAccess;
import io.bindery.review.changerequests.ChangeRequestRef;
import io.bindery.review.changerequests.ChangeRequestStatus;
import io.bindery.review.changerequests.ChangeRequests;
import io.bindery.review.comments.CommentThread;
import io.bindery.review.comments.CommentViews.CommentView;
import io.bindery.review.comments.Comments;
import io.bindery.review.reviews.ReviewStore.ReviewRow;
import io.bindery.review.reviews.ReviewViews.RequestedReviewerView;
import io.bindery.review.reviews.ReviewViews.RequestedReviewers;
import io.bindery.review.reviews.ReviewViews.ReviewView;
import io.bindery.review.reviews.ReviewViews.Urls;
import io.bindery.review.users.UserViews;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reviews of a change request (approve or request changes, needs the review role) and the reviewers asked for
 * one (edit role). An approval counts for the space's require_specific_reviewers merge rule (merge's {@code MergeRules}).
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
    ReviewStore store;
    @Inject
    UserViews userViews;
    @Inject
    PublicUrls urls;
    @Inject
    EventPublisher events;

    public ReviewView submit(String spaceId, String changeRequest, SubmitReviewRequest request) {
        String status = request.status();
        String markdown = request.commentMarkdown();
        CommentThread thread = comments.thread(spaceId, changeRequest);
        thread.policy().require(ChangeRequestPolicy.Action.REVIEW);
        String caller = access.userId();
        return QuarkusTransaction.requiringNew().call(() -> {
            // locked: a merge being recorded is seen (no review lands on a merged change request)
            ChangeRequestRef cr = changeRequests.lock(thread.spaceId(), thread.changeRequestId());
            if (ChangeRequestStatus.MERGED.wire().equals(cr.status())) {
                throw ApiException.conflict("change request " + cr.number() + " is already merged");
            }
            CommentView comment = markdown == null ? null : comments.insert(thread, caller, markdown, null, null, null, null);
            ReviewRow row = new ReviewRow(Ids.newId(), caller, status, cr.revision(), comment == null ? null : comment.id(), Comments.now());
            store.insert(cr.id(), row);
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
            return store.page(keyset, thread.changeRequestId()).render(r -> views(thread, ReviewStore.rows(r), caller));
        });
    }

    /** Rows of (id, reviewer, status, revision, comment_id, created_at), oldest first. */
    private static final Keyset<Object[]> OLDEST_FIRST = Keyset.ascending(
            SortKey.instant("created_at", r -> SqlValues.instant(r[5])), SortKey.text("id", r -> (String) r[0]));

    public ReviewView get(String spaceId, String changeRequest, String reviewId) {
        CommentThread thread = comments.thread(spaceId, changeRequest);
        String caller = access.userId();
        return QuarkusTransaction.requiringNew().call(() -> {
            List<ReviewRow> rows = store.find(thread.changeRequestId(), reviewId);
            if (rows.isEmpty()) {
                throw ApiException.notFound("no review " + reviewId + " of this change request");
            }
            return views(thread, rows, caller).get(0);
        });
    }

    public ListPage<RequestedReviewerView> requested(String spaceId, String changeRequest, String page, String limitParam) {
        KeysetPage<Object[]> keyset = BY_USER.page(page, Limits.parse(limitParam));
        CommentThread thread = comments.thread(spaceId, changeRequest);
        return QuarkusTransaction.requiringNew().call(() -> store.requestedPage(keyset, thread.changeRequestId())
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
            ChangeRequestRef cr = changeRequests.lock(thread.spaceId(), thread.changeRequestId());
            Instant now = Comments.now();
            for (String id : new java.util.LinkedHashSet<>(wanted)) {
                store.request(cr.id(), id, caller, now, cr.revision());
            }
            changeRequests.reviewersRequested(cr.id(), subject, now);
            return new RequestedReviewers(requestedViews(store.requested(cr.id(), wanted)));
        });
    }

    /** Of {@code users}, those whose latest review of the change request is an approval; runs in the caller's transaction. */
    public List<String> approvers(String changeRequestId, List<String> users) {
        return store.approvers(changeRequestId, users);
    }

    public void unrequest(String spaceId, String changeRequest, String userId) {
        CommentThread thread = comments.thread(spaceId, changeRequest);
        thread.policy().require(ChangeRequestPolicy.Action.REMOVE_REVIEWER);
        QuarkusTransaction.requiringNew().run(() -> store.unrequest(thread.changeRequestId(), userId));
    }

    private List<RequestedReviewerView> requestedViews(List<Object[]> rows) {
        Set<String> ids = new HashSet<>();
        rows.forEach(r -> {
            ids.add((String) r[0]);
            ids.add((String) r[1]);
        });
        Map<String, UserRef> known = userViews.find(ids);
        return rows.stream().map(r -> new RequestedReviewerView("change-request-requested-reviewer", (String) r[3],
                userViews.view(known, (String) r[1]), SqlValues.instant(r[2]), "user", userViews.view(known, (String) r[0]))).toList();
    }

    /** One query for the reviewers, one for the comments posted with the reviews, and one rendering of those. */
    private List<ReviewView> views(CommentThread thread, List<ReviewRow> rows, String caller) {
        Map<String, UserRef> known = userViews.find(rows.stream().map(ReviewRow::reviewer).toList());
        List<String> commentIds = rows.stream().map(ReviewRow::commentId).filter(java.util.Objects::nonNull).toList();
        Map<String, CommentView> comments = this.comments.views(thread, commentIds, caller);
        String head = thread.changeRequest().revision();
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
