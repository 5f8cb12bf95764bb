package io.bindery.review.merge;

import io.bindery.review.access.ReviewAccess;
import io.bindery.review.changerequests.ChangeRequestViews;
import io.bindery.review.changerequests.ChangeRequests;
import io.bindery.review.spacestate.MainLine;
import io.bindery.review.spacestate.ReviewStats;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.review.access.ChangeRequestPolicy;
import io.bindery.review.client.ContentClient;
import io.bindery.review.client.SpaceAccess;
import io.bindery.review.changerequests.ChangeRequest;
import io.bindery.review.changerequests.ChangeRequestStatus;
import io.bindery.contracts.content.BranchOutcome;
import io.bindery.contracts.content.BranchResponse;
import io.bindery.contracts.review.ReviewEventTypes;
import io.bindery.review.changerequests.ChangeRequestView;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
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
    ChangeRequestViews views;
    @Inject
    EventPublisher events;
    @Inject
    ReviewStats stats;
    @Inject
    ObjectMapper json;
    @Inject
    MainLine mainLine;

    /** The change request as read before calling content, and the main moves handled by then. */
    private record Before(ChangeRequest changeRequest, long mainMoves) {
    }

    public MergeResult merge(String spaceId, String idOrNumber) {
        SpaceAccess space = access.space(spaceId);
        ChangeRequestPolicy policy = ChangeRequestPolicy.of(space);
        policy.requireRole(ChangeRequestPolicy.Action.MERGE);
        ChangeRequest cr = QuarkusTransaction.requiringNew().call(() -> changeRequests.require(space.spaceId(), idOrNumber));
        requireActive(cr, "merged");
        policy.requireUnlocked(ChangeRequestPolicy.Action.MERGE);
        mergeRules.check(space, cr);
        String user = access.userId();
        BranchOutcome outcome;
        try {
            outcome = content.merge(space.spaceId(), cr.id, user);
        } catch (ApiException e) {
            BranchResponse branch = e.status() == 409 ? content.branch(space.spaceId(), cr.id) : null;
            if (branch == null || !"merged".equals(branch.status())) {
                throw e;
            }
            // content merged it but recording that here failed last time: record it now, and answer as then
            outcome = new BranchOutcome(Objects.requireNonNullElse(branch.revisionMerged(), ""), null, branch);
        }
        String merged = Objects.requireNonNullElse(outcome.revision(), "");
        BranchResponse branch = outcome.changeRequest();
        Transactions.retryOnLockConflict(() -> QuarkusTransaction.requiringNew().run(() -> {
            // locked: a PATCH waits for the merge (and then finds it final), the merge for a PATCH (and keeps it)
            ChangeRequest row = changeRequests.requireForUpdate(space.spaceId(), cr.id);
            if (ChangeRequestStatus.MERGED.wire().equals(row.status)) {
                return;
            }
            Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
            row.status = ChangeRequestStatus.MERGED.wire();
            row.revisionMerged = merged;
            row.revision = branch == null || branch.revision() == null ? row.revision : branch.revision();
            row.outdated = false;
            row.mergedAt = now;
            row.mergedBy = user;
            row.updatedAt = now;
            ChangeRequestView view = views.view(row);
            events.publish(ReviewEventTypes.CHANGE_REQUEST_MERGED, row.id, view);
            stats.publish(row.spaceId);
        }));
        return new MergeResult(merged, "merge");
    }

    public MergeResult update(String spaceId, String idOrNumber) {
        SpaceAccess space = access.require(spaceId, ChangeRequestPolicy.Action.UPDATE);
        Before before = QuarkusTransaction.requiringNew().call(() ->
                new Before(changeRequests.require(space.spaceId(), idOrNumber), mainLine.moves(space.spaceId())));
        ChangeRequest cr = before.changeRequest();
        requireActive(cr, "updated");
        BranchOutcome outcome = content.update(space.spaceId(), cr.id);
        String revision = Objects.requireNonNullElse(outcome.revision(), "");
        BranchResponse branch = outcome.changeRequest();
        String head = branch == null || branch.revision() == null ? revision : branch.revision();
        Transactions.retryOnLockConflict(() -> QuarkusTransaction.requiringNew().run(() -> {
            ChangeRequest row = changeRequests.requireForUpdate(space.spaceId(), cr.id);
            if (ChangeRequestStatus.MERGED.wire().equals(row.status)) {
                return; // merged meanwhile: what the merge recorded is final
            }
            // Content answered as of this update; by now the row may hold newer values, which stay. The head: set
            // over the head the update started from (or this same head), not over a newer one the consumer
            // recorded meanwhile (a batch written right after). The ancestor (and so `outdated`): set over the
            // ancestor read before, not over one another update recorded meanwhile.
            String ancestor = branch == null ? null : branch.revisionMergedAncestor();
            boolean ownHead = row.revision.equals(cr.revision) || row.revision.equals(head);
            if (ownHead) {
                row.revision = head;
            }
            if (ancestor != null && (ownHead || Objects.equals(row.revisionMergedAncestor, cr.revisionMergedAncestor)
                    || ancestor.equals(row.revisionMergedAncestor))) {
                row.revisionMergedAncestor = ancestor;
                row.outdated = mainLine.outdated(row.spaceId, before.mainMoves(), ancestor, branch.outdated());
            }
            row.updatedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
            events.publish(ReviewEventTypes.CHANGE_REQUEST_UPDATED, row.id, views.view(row));
        }));
        return new MergeResult(revision, "update");
    }

    private static void requireActive(ChangeRequest cr, String verb) {
        if (ChangeRequestStatus.MERGED.wire().equals(cr.status)) {
            throw ApiException.conflict("change request " + cr.number + " is already merged");
        }
        if (ChangeRequestStatus.ARCHIVED.wire().equals(cr.status)) {
            throw ApiException.conflict("change request " + cr.number + " is archived: reopen it (status open) before it is " + verb);
        }
    }
}
