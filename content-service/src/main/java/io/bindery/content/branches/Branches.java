package io.bindery.content.branches;

import io.bindery.content.pages.BranchView;
import io.bindery.contracts.review.ChangeRequestChanged;
import io.bindery.content.access.ContentLookup;
import io.bindery.content.access.ContentScopes;
import io.bindery.content.pages.PageViews;
import io.bindery.content.search.SearchIndex;
import io.bindery.contracts.content.ChangeRequestContentUpdated;
import io.bindery.contracts.content.ContentEventTypes;
import io.bindery.contracts.content.SpaceContentUpdated;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.ids.Ids;
import io.bindery.content.authoring.ContentChange;
import io.bindery.content.authoring.ContentWriter;
import io.bindery.content.domain.BranchStatus;
import io.bindery.content.spaces.LiveSpaces;
import io.bindery.content.domain.SpaceRow;
import io.bindery.content.revisions.RevisionMerger;
import io.bindery.content.revisions.RevisionStore;
import io.bindery.content.revisions.Revisions;
import io.bindery.content.revisions.Snapshot;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Change-request branches: created from the live content, written by content batches, brought up to date with
 * main ({@code update}) and merged into it ({@code merge}). Update and merge are three-way merges against the
 * branch's last common ancestor with main; a conflict is a 409 naming the pages and changes nothing.
 */
@ApplicationScoped
public class Branches {

    @Inject
    ContentLookup lookup;
    @Inject
    LiveSpaces spaces;
    @Inject
    Revisions revisions;
    @Inject
    BranchStore branches;
    @Inject
    RevisionMerger merger;
    @Inject
    ContentWriter writer;
    @Inject
    PageViews views;
    @Inject
    SearchIndex search;
    @Inject
    EventPublisher events;

    /** The outcome of update and merge: GitBook's {@code {revision, result}} plus the branch. */
    public record Outcome(String revision, String result, BranchView changeRequest) {
    }

    /** A new branch for change request {@code id} (a new id for null); {@code subject} as review knows it, or null. */
    @Transactional
    public BranchView create(String spaceId, String id, Integer number, String createdBy, String subject) {
        return create(spaceId, id, number, createdBy, subject, null);
    }

    /**
     * {@link #create(String, String, Integer, String, String)} from {@code from}, a revision of the space (null: its
     * current one): the branch's head and merged ancestor are that revision, so its merge is three-way against what
     * main did since. 400 for a revision of another space or none.
     */
    @Transactional
    public BranchView create(String spaceId, String id, Integer number, String createdBy, String subject, String from) {
        SpaceRow space = spaces.liveForUpdate(spaceId);
        String start = space.revisionId();
        if (from != null && !from.equals(space.revisionId())) {
            try {
                revisions.inSpace(spaceId, from);
            } catch (ApiException e) {
                if (e.status() != 404) {
                    throw e;
                }
                // a request's field, not the path's resource: a 400 naming it
                throw ApiException.badRequest("revision " + from + " is not a revision of space " + spaceId);
            }
            start = from;
        }
        if (id != null && !id.matches("[A-Za-z0-9_-]{1,64}")) {
            throw ApiException.badRequest("id must be 1 to 64 letters, digits, - or _");
        }
        if (id != null && branches.byId(id) != null) {
            throw ApiException.conflict("change request " + id + " already has a branch");
        }
        if (number != null && number < 1) {
            throw ApiException.badRequest("number must be 1 or more");
        }
        if (number != null && branches.numbered(spaceId, number) > 0) {
            throw ApiException.conflict("space " + spaceId + " already has change request number " + number);
        }
        Branch b = new Branch();
        b.id = id == null ? Ids.newId() : id;
        b.spaceId = spaceId;
        b.number = number != null ? number : nextNumber(spaceId);
        b.status = BranchStatus.OPEN;
        b.headRevisionId = start;
        b.initialRevisionId = start;
        b.mergedAncestorRevisionId = start;
        b.createdBy = createdBy;
        b.handOver(subject, null);
        b.createdAt = Instant.now();
        b.updatedAt = b.createdAt;
        branches.insert(b);
        return views.branch(b.shown(), space, PageViews.Author.LEFT_OUT);
    }

    private int nextNumber(String spaceId) {
        Integer max = branches.maxNumber(spaceId);
        return max == null ? 1 : max + 1;
    }

    public BranchView get(String spaceId, String branch) {
        SpaceRow space = spaces.live(spaceId);
        return views.branch(branches.find(spaceId, branch).shown(), space, PageViews.Author.LEFT_OUT);
    }

    /** The branch's head revision (internal reads: no caller's rights); 404 for an unknown space or branch. */
    public String head(String spaceId, String branch) {
        spaces.live(spaceId);
        return branches.find(spaceId, branch).headRevisionId;
    }

    /** A change request's content as the caller may read it: its space with the caller's role, its head revision. */
    public ContentScopes.Scope scope(String spaceId, String changeRequest, String callerId) {
        ContentLookup.Loaded<SpaceRow> space = lookup.space(spaceId, callerId);
        Branch b = branches.find(spaceId, changeRequest);
        return new ContentScopes.Scope(space, revisions.snapshot(b.headRevisionId),
                new ContentScopes.BranchHead(b.id, b.mergedAncestorRevisionId));
    }

    /** A batch written on a branch: the new head and the branch as it is now. */
    public record BranchWrite(ContentWriter.Written written, BranchView branch) {
    }

    /** Applies a content batch to the branch as one new head revision (the caller's rights already checked). */
    @Transactional
    public BranchWrite write(ContentScopes.Scope scope, List<ContentChange> changes, String callerId) {
        return write(scope.item(), scope.branch().id(), changes, callerId, PageViews.Author.SHOWN);
    }

    /**
     * Applies a content batch to a branch for the review service (internal API: review checked the rights):
     * 404 for an unknown or deleted space or an unknown branch, 409 for a merged one.
     */
    @Transactional
    public BranchWrite write(String spaceId, String branch, List<ContentChange> changes, String author) {
        SpaceRow space = spaces.live(spaceId);
        return write(space, branches.find(spaceId, branch).id, changes, author, PageViews.Author.LEFT_OUT);
    }

    /** {@code shown}: SHOWN when the branch is answered to a client, LEFT_OUT when to review. */
    private BranchWrite write(SpaceRow space, String branchId, List<ContentChange> changes, String author,
                              PageViews.Author shown) {
        Branch b = branches.lock(branchId);
        requireOpen(b);
        String previous = b.headRevisionId;
        ContentWriter.Written w = writer.apply(revisions.snapshot(previous), changes, b.mergedAncestorRevisionId,
                new ContentWriter.Target(b.spaceId, b.id, author, "edits"));
        moveHead(b, w.revision().id(), previous, author);
        return new BranchWrite(w, views.branch(b.shown(), space, shown));
    }

    /**
     * Moves a branch head and says so in the same transaction. The subject is the space, so the event keeps its
     * order with the space's live-content events (one Kafka key per space).
     */
    private void moveHead(Branch b, String head, String previous, String author) {
        b.headRevisionId = head;
        b.updatedAt = Instant.now();
        events.publish(ContentEventTypes.CHANGE_REQUEST_CONTENT_UPDATED, b.spaceId,
                new ChangeRequestContentUpdated(b.spaceId, b.id, head, previous, author));
    }

    /** Brings main into the branch. Nothing to do when main has not moved since the last update. */
    @Transactional
    public Outcome update(String spaceId, String branch) {
        SpaceRow space = spaces.live(spaceId);
        Branch b = branches.findForUpdate(spaceId, branch);
        requireOpen(b);
        if (!b.mergedAncestorRevisionId.equals(space.revisionId())) {
            Snapshot head = revisions.snapshot(b.headRevisionId);
            RevisionMerger.Result r = merger.merge(revisions.snapshot(b.mergedAncestorRevisionId), head, revisions.snapshot(space.revisionId()));
            refuseConflicts(r, "update");
            Snapshot written = revisions.write(new RevisionStore.NewRevision(spaceId, List.of(b.headRevisionId, space.revisionId()),
                    "update", b.id, null, null, r.pages(), r.fresh(), r.links(), r.files(), head));
            b.mergedAncestorRevisionId = space.revisionId();
            moveHead(b, written.id(), head.id(), null); // main's changes brought in: no author of its own
        }
        return new Outcome(b.headRevisionId, "update", views.branch(b.shown(), space, PageViews.Author.LEFT_OUT));
    }

    /**
     * Merges the branch into main: a new main revision with parents (main, branch head). {@code subject} and
     * {@code comments}: the change request's as review knows them at the merge (null: keep what content has).
     */
    @Transactional
    public Outcome merge(String spaceId, String branch, String mergedBy, String subject, Long comments) {
        SpaceRow space = spaces.liveForUpdate(spaceId);
        Branch b = branches.findForUpdate(spaceId, branch);
        requireOpen(b);
        b.handOver(subject, comments);
        Snapshot main = revisions.snapshot(space.revisionId());
        Snapshot head = revisions.snapshot(b.headRevisionId);
        RevisionMerger.Result r;
        if (b.mergedAncestorRevisionId.equals(space.revisionId())) {
            // main has not moved: the branch head is the result, nothing to merge
            r = new RevisionMerger.Result(head.pages(), List.of(), Map.of(), head.files(), List.of());
        } else {
            r = merger.merge(revisions.snapshot(b.mergedAncestorRevisionId), main, head);
            refuseConflicts(r, "merge");
        }
        Snapshot written = revisions.write(new RevisionStore.NewRevision(spaceId, List.of(main.id(), head.id()), "merge",
                null, b.id, mergedBy, r.pages(), r.fresh(), r.links(), r.files(), main));
        space = moveLive(space, main, written, b.id, mergedBy);
        b.status = BranchStatus.MERGED;
        b.mergedRevisionId = written.id();
        b.updatedAt = Instant.now();
        return new Outcome(written.id(), "merge", views.branch(b.shown(), space, PageViews.Author.LEFT_OUT));
    }

    /**
     * Points the space at a new live revision: search index, event naming the user who moved it ({@code by}, null
     * when none). Call inside the writing transaction, with the space locked ({@link LiveSpaces#liveForUpdate});
     * answers the space as it is now.
     */
    public SpaceRow moveLive(SpaceRow space, Snapshot before, Snapshot after, String changeRequest, String by) {
        SpaceRow moved = spaces.moveRevision(space.id(), after.id());
        search.reindex(moved, before, after);
        events.publish(ContentEventTypes.SPACE_CONTENT_UPDATED, moved.id(), new SpaceContentUpdated(moved.id(),
                after.id(), before.id(), changeRequest, by == null ? List.of() : List.of(by)));
        return moved;
    }

    private static void refuseConflicts(RevisionMerger.Result r, String what) {
        if (!r.clean()) {
            throw ApiException.conflict(what + " conflict on " + r.conflicts().size() + " page(s): "
                    + r.conflicts().stream().map(RevisionMerger.Conflict::toString).collect(Collectors.joining("; ")));
        }
    }

    private static void requireOpen(Branch b) {
        if (b.status != BranchStatus.OPEN) {
            throw ApiException.conflict("change request " + b.id + " is " + b.status.wire() + "; its content cannot change");
        }
    }


    /**
     * A change request event from review ({@code bindery.change-request.created|updated|merged.v1}): its subject and
     * open comments onto the branch, unless an event at least as new was applied (redelivery and reordering change
     * nothing). A change request without a branch here (another space's, or not yet created) is ignored.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public void reviewed(ChangeRequestChanged cr) {
        if (cr == null || cr.id() == null || cr.updatedAt() == null) {
            throw new IllegalArgumentException("a change request event names no change request or time");
        }
        // one conditional statement: concurrent deliveries cannot interleave a read and a write
        branches.reviewed(cr.id(), cr.subject(), cr.comments() == null ? null : Math.max(0, cr.comments()), cr.updatedAt());
    }
}
