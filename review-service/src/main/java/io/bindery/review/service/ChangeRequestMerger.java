package io.bindery.review.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.review.client.ContentClient;
import io.bindery.review.client.SpaceAccess;
import io.bindery.review.domain.ChangeRequest;
import io.bindery.review.domain.ChangeRequestStatus;
import io.bindery.review.events.ReviewEvents;
import io.bindery.review.rest.dto.ChangeRequestView;
import io.bindery.review.rest.dto.MergeResult;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * Merge (the change request into main) and update (main into the change request). The three-way merge itself
 * runs in content-service, which refuses a conflict with 409 and changes nothing; review checks the rules
 * first and records the outcome afterwards.
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

    public MergeResult merge(String spaceId, String idOrNumber) {
        SpaceAccess space = access.require(spaceId, Role.REVIEW, "merging a change request");
        ChangeRequest cr = QuarkusTransaction.requiringNew().call(() -> changeRequests.require(space.spaceId(), idOrNumber));
        requireActive(cr, "merged");
        if (space.locked()) {
            throw ApiException.forbidden("the space is locked (editMode locked): nothing can be merged into it");
        }
        mergeRules.check(space, cr);
        String user = access.userId();
        JsonNode outcome;
        try {
            outcome = content.merge(space.spaceId(), cr.id, user);
        } catch (ApiException e) {
            JsonNode branch = e.status() == 409 ? content.branch(space.spaceId(), cr.id) : null;
            if (branch == null || !"merged".equals(branch.path("status").asText())) {
                throw e;
            }
            // content merged it but recording that here failed last time: record it now, and answer as then
            outcome = json.createObjectNode().put("revision", branch.path("revisionMerged").asText()).set("changeRequest", branch);
        }
        String merged = outcome.path("revision").asText();
        JsonNode branch = outcome.path("changeRequest");
        Transactions.retryOnLockConflict(() -> QuarkusTransaction.requiringNew().run(() -> {
            ChangeRequest row = changeRequests.require(space.spaceId(), cr.id);
            if (ChangeRequestStatus.MERGED.wire().equals(row.status)) {
                return;
            }
            Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
            row.status = ChangeRequestStatus.MERGED.wire();
            row.revisionMerged = merged;
            row.revision = branch.path("revision").asText(row.revision);
            row.outdated = false;
            row.mergedAt = now;
            row.mergedBy = user;
            row.updatedAt = now;
            ChangeRequestView view = views.view(row);
            events.publish(ReviewEvents.CHANGE_REQUEST_MERGED, row.id, view);
            stats.publish(row.spaceId);
        }));
        return new MergeResult(merged, "merge");
    }

    public MergeResult update(String spaceId, String idOrNumber) {
        SpaceAccess space = access.require(spaceId, Role.EDIT, "updating a change request");
        ChangeRequest cr = QuarkusTransaction.requiringNew().call(() -> changeRequests.require(space.spaceId(), idOrNumber));
        requireActive(cr, "updated");
        JsonNode outcome = content.update(space.spaceId(), cr.id);
        String revision = outcome.path("revision").asText();
        JsonNode branch = outcome.path("changeRequest");
        Transactions.retryOnLockConflict(() -> QuarkusTransaction.requiringNew().run(() -> {
            ChangeRequest row = changeRequests.require(space.spaceId(), cr.id);
            row.revision = branch.path("revision").asText(revision);
            row.revisionMergedAncestor = branch.path("revisionMergedAncestor").asText(row.revisionMergedAncestor);
            row.outdated = branch.path("outdated").asBoolean(false);
            row.updatedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
            events.publish(ReviewEvents.CHANGE_REQUEST_UPDATED, row.id, views.view(row));
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
