package io.bindery.review.merge;

import io.bindery.commons.errors.ApiException;
import io.bindery.contracts.content.BranchOutcome;
import io.bindery.contracts.content.BranchResponse;
import io.bindery.review.access.ChangeRequestPolicy;
import io.bindery.review.access.ReviewAccess;
import io.bindery.review.changerequests.ChangeRequestRef;
import io.bindery.review.changerequests.ChangeRequestStatus;
import io.bindery.review.changerequests.ChangeRequests;
import io.bindery.review.client.ContentClient;
import io.bindery.review.client.SpaceAccess;
import io.bindery.review.spacestate.MainLine;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.Objects;

/**
 * Merge (the change request into main) and update (main into the change request). The three-way merge itself
 * runs in content-service, which refuses a conflict with 409 and changes nothing; review checks the rules
 * first and records the outcome afterwards, in a transaction of its own (none is held open across the call),
 * on the change request's row locked as it is by then.
 */
@ApplicationScoped
public class ChangeRequestMerger {
    @Inject
    ReviewAccess access;
    @Inject
    ChangeRequests changeRequests;
    @Inject
    ContentClient content;
    @Inject
    MergeRules mergeRules;
    @Inject
    MainLine mainLine;

    /** The change request as read before calling content, and the main moves handled by then. */
    private record Before(ChangeRequestRef changeRequest, long mainMoves) {
    }

    public MergeResult merge(String spaceId, String idOrNumber) {
        return merge(access.space(spaceId), idOrNumber, access.userId());
    }

    /**
     * The merge as {@code user} rather than the caller (review's internal API: Git Sync merging an import as the
     * member who set the sync up). The same rules, checks and recording as a member's own merge.
     */
    public MergeResult mergeFor(String spaceId, String idOrNumber, String user) {
        return merge(access.spaceFor(spaceId, user), idOrNumber, user);
    }

    private MergeResult merge(SpaceAccess space, String idOrNumber, String user) {
        ChangeRequestPolicy policy = ChangeRequestPolicy.of(space);
        policy.requireRole(ChangeRequestPolicy.Action.MERGE);
        ChangeRequestRef cr = QuarkusTransaction.requiringNew().call(() -> changeRequests.find(space.spaceId(), idOrNumber));
        requireActive(cr, "merged");
        policy.requireUnlocked(ChangeRequestPolicy.Action.MERGE);
        mergeRules.check(space, cr.id());
        // content shows the change request in the merge revision's mergedFrom: hand it what review alone knows
        int comments = (int) Math.min(Integer.MAX_VALUE,
                QuarkusTransaction.requiringNew().call(() -> changeRequests.openComments(cr.id())));
        BranchOutcome outcome;
        try {
            outcome = content.merge(space.spaceId(), cr.id(), user, cr.subject(), comments);
        } catch (ApiException e) {
            BranchResponse branch = e.status() == 409 ? content.branch(space.spaceId(), cr.id()) : null;
            if (branch == null || !"merged".equals(branch.status())) {
                throw e;
            }
            // content merged it but recording that here failed last time: record it now, and answer as then
            outcome = new BranchOutcome(Objects.requireNonNullElse(branch.revisionMerged(), ""), null, branch);
        }
        String merged = Objects.requireNonNullElse(outcome.revision(), "");
        BranchResponse branch = outcome.changeRequest();
        // locked: a PATCH waits for the merge (and then finds it final), the merge for a PATCH (and keeps it)
        Transactions.retryOnLockConflict(() -> QuarkusTransaction.requiringNew().run(() ->
                changeRequests.recordMerged(space.spaceId(), cr.id(), merged, branch, user)));
        return new MergeResult(merged, "merge");
    }

    public MergeResult update(String spaceId, String idOrNumber) {
        SpaceAccess space = access.require(spaceId, ChangeRequestPolicy.Action.UPDATE);
        Before before = QuarkusTransaction.requiringNew().call(() ->
                new Before(changeRequests.find(space.spaceId(), idOrNumber), mainLine.moves(space.spaceId())));
        ChangeRequestRef cr = before.changeRequest();
        requireActive(cr, "updated");
        BranchOutcome outcome = content.update(space.spaceId(), cr.id());
        String revision = Objects.requireNonNullElse(outcome.revision(), "");
        BranchResponse branch = outcome.changeRequest();
        String head = branch == null || branch.revision() == null ? revision : branch.revision();
        Transactions.retryOnLockConflict(() -> QuarkusTransaction.requiringNew().run(() ->
                changeRequests.recordUpdated(space.spaceId(), cr, before.mainMoves(), head, branch)));
        return new MergeResult(revision, "update");
    }

    private static void requireActive(ChangeRequestRef cr, String verb) {
        if (ChangeRequestStatus.MERGED.wire().equals(cr.status())) {
            throw ApiException.conflict("change request " + cr.number() + " is already merged");
        }
        if (ChangeRequestStatus.ARCHIVED.wire().equals(cr.status())) {
            throw ApiException.conflict("change request " + cr.number() + " is archived: reopen it (status open) before it is " + verb);
        }
    }
}
