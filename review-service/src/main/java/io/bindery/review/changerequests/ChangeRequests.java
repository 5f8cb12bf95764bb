package io.bindery.review.changerequests;

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
import io.bindery.contracts.content.BranchResponse;
import io.bindery.contracts.review.ReviewEventTypes;
import io.bindery.review.access.ChangeRequestPolicy;
import io.bindery.review.access.ReviewAccess;
import io.bindery.review.client.ContentClient;
import io.bindery.review.client.SpaceAccess;
import io.bindery.review.spacestate.MainLine;
import io.bindery.review.spacestate.ReviewStats;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Creating, reading, listing and editing change requests. Content calls (branch creation, templates) happen
 * before the transaction that records the change request, so no database transaction waits on HTTP.
 * <p>
 * The one way to a change request for the other features: they read it as a {@link ChangeRequestRef}, and what
 * reviews, merge, update and the event consumers change on it is recorded here, in their transaction.
 */
@ApplicationScoped
public class ChangeRequests {
    @Inject
    ReviewAccess access;
    @Inject
    ContentClient content;
    @Inject
    ChangeRequestViews views;
    @Inject
    EventPublisher events;
    @Inject
    ReviewStats stats;
    @Inject
    MainLine mainLine;
    @Inject
    ChangeRequestStore store;

    /** Body: optional subject (≤ 100), optional status (draft, the default, or open), optional template {id}. */
    public ChangeRequestView create(String spaceId, JsonNode node) {
        JsonBody body = JsonBody.of(node);
        SpaceAccess space = access.require(spaceId, ChangeRequestPolicy.Action.CREATE);
        Optional<String> subject = body.string("subject", 0, 100, true);
        ChangeRequestStatus status = body.string("status").map(s -> ChangeRequestStatus.parse("status", s))
                .orElse(ChangeRequestStatus.DRAFT);
        if (status != ChangeRequestStatus.DRAFT && status != ChangeRequestStatus.OPEN) {
            throw ApiException.badRequest("status: a new change request is draft or open");
        }
        Optional<String> template = body.object("template").map(t -> t.requiredString("id", 1, 100));
        return create(space, access.userId(), subject, status, template, null);
    }

    /**
     * A change request opened for {@code user} by another service (Git Sync's import, authored by the member whose
     * e-mail matches the committer): {@code user} must be allowed to create one in the space (403), see it (404).
     * {@code revision}: the revision of the space it starts from (null: the current one; content refuses one of
     * another space with 400).
     */
    public ChangeRequestView createFor(String spaceId, String user, String subject, String revision) {
        if (user == null || user.isBlank()) {
            throw ApiException.badRequest("createdBy is required: the id of the member the change request is for");
        }
        if (subject != null && subject.length() > 100) {
            throw ApiException.badRequest("subject must be at most 100 characters");
        }
        SpaceAccess space = access.requireFor(spaceId, user, ChangeRequestPolicy.Action.CREATE);
        return create(space, user, Optional.ofNullable(subject), ChangeRequestStatus.OPEN, Optional.empty(), revision);
    }

    private ChangeRequestView create(SpaceAccess space, String user, Optional<String> subject,
                                     ChangeRequestStatus status, Optional<String> template, String revision) {
        String id = Ids.newId();
        long mainMoves = QuarkusTransaction.requiringNew().call(() -> mainLine.moves(space.spaceId()));
        BranchResponse branch = content.createBranch(space.spaceId(), id, user, template.orElse(null), subject.orElse(null),
                revision);
        String head = Objects.requireNonNullElse(branch.revision(), "");
        return QuarkusTransaction.requiringNew().call(() -> {
            // main may have moved since content answered: record `outdated` knowing every move handled so far
            mainLine.lock(space.spaceId());
            Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
            ChangeRequest cr = new ChangeRequest();
            cr.id = id;
            cr.spaceId = space.spaceId();
            cr.organizationId = space.organizationId();
            cr.number = branch.number();
            cr.status = status.wire();
            cr.subject = subject.orElse(null);
            cr.createdBy = user;
            cr.createdAt = now;
            cr.updatedAt = now;
            cr.revision = head;
            cr.revisionInitial = Objects.requireNonNullElse(branch.revisionInitial(), "");
            cr.outdated = mainLine.outdated(cr.spaceId, mainMoves, cr.revisionInitial, branch.outdated());
            store.insert(cr);
            ChangeRequestView view = views.view(cr);
            events.publish(ReviewEventTypes.CHANGE_REQUEST_CREATED, cr.id, view);
            stats.publish(cr.spaceId);
            return view;
        });
    }

    /**
     * One change request, with its branch's current head and freshness read from content-service (the stored
     * copies follow content's events, which may be a moment behind).
     */
    public ChangeRequestView get(String spaceId, String idOrNumber) {
        SpaceAccess space = access.space(spaceId);
        ChangeRequest cr = QuarkusTransaction.requiringNew().call(() -> require(space.spaceId(), idOrNumber));
        if (!ChangeRequestStatus.MERGED.wire().equals(cr.status)) {
            try {
                BranchResponse branch = content.branch(space.spaceId(), cr.id);
                cr.revision = Objects.requireNonNullElse(branch.revision(), cr.revision);
                cr.revisionMergedAncestor = Objects.requireNonNullElse(branch.revisionMergedAncestor(), cr.revisionMergedAncestor);
                cr.outdated = branch.outdated();
            } catch (ApiException e) {
                // content unreachable or the branch gone: show what review last learned from content's events
            }
        }
        return QuarkusTransaction.requiringNew().call(() -> views.view(cr));
    }

    /**
     * PATCH: subject (≤ 100), description (a rich-text document or null), status (allowed moves only),
     * conversationsIssuesCluster (a live cluster of the space's organization, or null to clear). The row is
     * locked first, so the status move is decided on it as it is now: a merge recorded meanwhile is seen, and
     * merged stays final.
     */
    public ChangeRequestView patch(String spaceId, String idOrNumber, JsonNode node) {
        JsonBody body = JsonBody.of(node);
        checkLinks(body);
        SpaceAccess space = access.require(spaceId, ChangeRequestPolicy.Action.EDIT);
        Optional<String> subject = body.string("subject", 0, 100, false);
        Optional<ChangeRequestStatus> status = body.string("status").map(s -> ChangeRequestStatus.parse("status", s));
        String description = null;
        boolean setDescription = body.has("description");
        if (setDescription && !body.isNull("description")) {
            description = document(body.raw("description"));
        }
        String newDescription = description;
        boolean setCluster = body.has("conversationsIssuesCluster");
        Optional<String> cluster = body.string("conversationsIssuesCluster", 1, 100, false);
        return QuarkusTransaction.requiringNew().call(() -> {
            // the cluster before the change request: the order insights' delete event locks them in
            cluster.ifPresent(c -> requireCluster(space.organizationId(), c));
            ChangeRequest cr = requireForUpdate(space.spaceId(), idOrNumber);
            ChangeRequestStatus from = ChangeRequestStatus.parse("status", cr.status);
            if (status.isPresent() && status.get() != from) {
                if (!from.patchTargets().contains(status.get())) {
                    throw ApiException.badRequest("status: a " + from.wire() + " change request cannot become "
                            + status.get().wire() + (status.get() == ChangeRequestStatus.MERGED ? " (merge it instead)" : "")
                            + (from == ChangeRequestStatus.MERGED ? " (a merged change request is final)" : ""));
                }
                cr.status = status.get().wire();
            }
            subject.ifPresent(s -> cr.subject = s);
            if (setDescription) {
                cr.description = newDescription;
            }
            if (setCluster) {
                cr.conversationsIssuesCluster = cluster.orElse(null);
            }
            cr.updatedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
            ChangeRequestView view = views.view(cr);
            events.publish(ReviewEventTypes.CHANGE_REQUEST_UPDATED, cr.id, view);
            if (status.isPresent() && status.get() != from) {
                stats.publish(cr.spaceId);
            }
            return view;
        });
    }

    /**
     * The organization's cluster, as insights' events last described it, locked (FOR SHARE) until the transaction
     * ends: its delete waits for this change request to be recorded, then clears it. 400 when there is none.
     */
    private void requireCluster(String organizationId, String clusterId) {
        if (!store.clusterExistsForShare(organizationId, clusterId)) {
            throw ApiException.badRequest("conversationsIssuesCluster: no issues cluster " + clusterId + " in this organization");
        }
    }

    /**
     * GitBook 0.202.0's {@code links} of a PATCH (at most 10 of {ref: {kind: "url", url}, id?, title? (≤ 128)}):
     * checked, each fault a 400 naming the field, and otherwise ignored (Bindery keeps no links on a change request).
     */
    static void checkLinks(JsonBody body) {
        body.objects("links").ifPresent(links -> {
            if (links.size() > 10) {
                throw ApiException.badRequest("links: at most 10 links");
            }
            for (JsonBody link : links) {
                JsonBody ref = link.object("ref")
                        .orElseThrow(() -> ApiException.badRequest("links: each link needs a ref {kind: \"url\", url}"));
                if (!"url".equals(ref.string("kind").orElse(null)) || ref.string("url").isEmpty()) {
                    throw ApiException.badRequest("links: a link's ref is {kind: \"url\", url}");
                }
                link.string("id");
                link.string("title", 0, 128, false);
            }
        });
    }

    /** A rich-text document: {object: "document", nodes: [...], data?}; stored as JSON text. */
    private static String document(JsonNode value) {
        if (!value.isObject() || !"document".equals(value.path("object").asText()) || !value.path("nodes").isArray()) {
            throw ApiException.badRequest("description must be a document: {\"object\": \"document\", \"nodes\": [...]}");
        }
        if (value.has("data") && !value.get("data").isObject()) {
            throw ApiException.badRequest("description.data must be an object");
        }
        if (value.toString().length() > 200_000) {
            throw ApiException.badRequest("description is larger than 200,000 characters");
        }
        return value.toString();
    }

    /** The change request (its id or its number) of the space, as read now; 404 when there is none. */
    public ChangeRequestRef find(String spaceId, String idOrNumber) {
        return ChangeRequestRef.of(require(spaceId, idOrNumber));
    }

    /** The change request's open comments, as its {@code comments} counts them. */
    public long openComments(String changeRequestId) {
        return store.openComments(List.of(changeRequestId)).getOrDefault(changeRequestId, 0L);
    }

    /**
     * The same, with its row locked until the transaction ends: for a change that depends on what it reads (a
     * review, reviewers requested), which then goes through this class on the row as locked.
     */
    public ChangeRequestRef lock(String spaceId, String idOrNumber) {
        return ChangeRequestRef.of(requireForUpdate(spaceId, idOrNumber));
    }

    ChangeRequest require(String spaceId, String idOrNumber) {
        return store.find(spaceId, idOrNumber).orElseThrow(() -> notFound(spaceId, idOrNumber));
    }

    /** The change request, locked until the transaction ends: for a change that depends on what it reads. */
    ChangeRequest requireForUpdate(String spaceId, String idOrNumber) {
        return store.findForUpdate(spaceId, idOrNumber).orElseThrow(() -> notFound(spaceId, idOrNumber));
    }

    private static ApiException notFound(String spaceId, String idOrNumber) {
        return ApiException.notFound("no change request " + idOrNumber + " in space " + spaceId);
    }

    /** The filters of both lists (space and organization). */
    public record ListQuery(String page, String limit, String status, String creator, String contributor,
                            String requestedReviewer, String conversationsIssuesCluster, String orderBy) {
    }

    public ListPage<ChangeRequestView> listForSpace(String spaceId, ListQuery q) {
        SpaceAccess space = access.space(spaceId);
        return list(space.spaceId(), q);
    }

    public ListPage<ChangeRequestView> listForOrganization(String organizationId, ListQuery q) {
        List<String> spaces;
        try {
            spaces = content.readableSpaces(organizationId, access.userId());
        } catch (ApiException e) {
            if (e.status() == 404 || e.status() == 400) {
                throw ApiException.notFound("no organization " + organizationId);
            }
            throw e;
        }
        // no readable space: an id no space has, so the filters are still validated (a bad one is a 400)
        return list(spaces.isEmpty() ? List.of("") : spaces, q);
    }

    /** {@code scope}: one space id, or a list of them. */
    private ListPage<ChangeRequestView> list(Object scope, ListQuery q) {
        int limit = Limits.parse(q.limit());
        ChangeRequestStatus status = ChangeRequestStatus.parse("status", q.status() == null ? "open" : q.status());
        Keyset<Object[]> order = switch (q.orderBy() == null ? "updatedAt" : q.orderBy()) {
            case "updatedAt" -> RECENTLY_UPDATED;
            case "createdAt" -> RECENTLY_CREATED;
            default -> throw ApiException.badRequest("orderBy must be updatedAt or createdAt");
        };
        KeysetPage<Object[]> page = order.page(q.page(), limit);
        return QuarkusTransaction.requiringNew().call(() -> store
                .page(page, order.keys().get(0).column(), scope, status.wire(), q.creator(), q.contributor(),
                        q.requestedReviewer(), q.conversationsIssuesCluster())
                .render(rows -> views.views(store.byIds(rows.stream().map(r -> (String) r[0]).toList()))));
    }

    // --- what reviews, merge and update record on a change request (each in the caller's transaction)

    /**
     * Reviewers were requested on the change request {@link #lock}ed in this transaction: its subject when one was
     * sent, and its updatedAt, written over the row as it is now (a PATCH, a merge meanwhile).
     */
    public void reviewersRequested(String id, Optional<String> subject, Instant now) {
        ChangeRequest cr = store.loaded(id);
        subject.ifPresent(s -> cr.subject = s);
        cr.updatedAt = now;
    }

    /**
     * Content merged the change request into main ({@code merged}: the revision it produced; {@code branch}: the
     * branch as content answered, or null): recorded on the row locked as it is by then, so a PATCH waits for the
     * merge (and then finds it final), the merge for a PATCH (and keeps it). Merged already: nothing to do.
     */
    public void recordMerged(String spaceId, String id, String merged, BranchResponse branch, String user) {
        ChangeRequest row = requireForUpdate(spaceId, id);
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
    }

    /**
     * Content updated the change request from main: {@code before} is the change request as read before calling
     * content, {@code mainMovesBefore} the main moves handled by then ({@link MainLine#moves}), {@code head} the
     * branch's new head and {@code branch} the branch as content answered (or null). Merged meanwhile: what the
     * merge recorded is final.
     */
    public void recordUpdated(String spaceId, ChangeRequestRef before, long mainMovesBefore, String head, BranchResponse branch) {
        ChangeRequest row = requireForUpdate(spaceId, before.id());
        if (ChangeRequestStatus.MERGED.wire().equals(row.status)) {
            return; // merged meanwhile: what the merge recorded is final
        }
        // Content answered as of this update; by now the row may hold newer values, which stay. The head: set
        // over the head the update started from (or this same head), not over a newer one the consumer
        // recorded meanwhile (a batch written right after). The ancestor (and so `outdated`): set over the
        // ancestor read before, not over one another update recorded meanwhile.
        String ancestor = branch == null ? null : branch.revisionMergedAncestor();
        boolean ownHead = row.revision.equals(before.revision()) || row.revision.equals(head);
        if (ownHead) {
            row.revision = head;
        }
        if (ancestor != null && (ownHead || Objects.equals(row.revisionMergedAncestor, before.revisionMergedAncestor())
                || ancestor.equals(row.revisionMergedAncestor))) {
            row.revisionMergedAncestor = ancestor;
            row.outdated = mainLine.outdated(row.spaceId, mainMovesBefore, ancestor, branch.outdated());
        }
        row.updatedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        events.publish(ReviewEventTypes.CHANGE_REQUEST_UPDATED, row.id, views.view(row));
    }

    // --- what content's and insights' events change (the consumers call these in their transaction)

    /**
     * Main of the space moved to {@code revision}: every unmerged change request is outdated unless it was last
     * updated from (or started at) it.
     */
    public void mainMoved(String spaceId, String revision) {
        store.mainMoved(spaceId, revision);
    }

    /** The unmerged change request's branch got the head {@code revision}; false when it had it already (or is merged). */
    public boolean headMoved(String changeRequestId, String revision, Instant now) {
        return store.headMoved(changeRequestId, revision, now);
    }

    /** {@code author} contributed once more to the change request. */
    public void contributed(String changeRequestId, String author, Instant now) {
        store.contributed(changeRequestId, author, now);
    }

    /** Insights' cluster as its event describes it: the newest {@code at} wins, and a delete is final. */
    public void clusterChanged(String clusterId, String organizationId, boolean deleted, Instant at) {
        store.clusterChanged(clusterId, organizationId, deleted, at);
    }

    /**
     * Clears the deleted cluster from every change request naming it, each with a change-request updated event as
     * PATCH publishes. The cluster row is already locked by {@link #clusterChanged}, and PATCH locks it (FOR SHARE)
     * before the change request: the same order, and a PATCH waiting on it sees it deleted.
     */
    public void clusterDeleted(String clusterId) {
        List<ChangeRequest> pointing = store.namingClusterForUpdate(clusterId);
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        for (ChangeRequest cr : pointing) {
            cr.conversationsIssuesCluster = null;
            cr.updatedAt = now.isAfter(cr.updatedAt) ? now : cr.updatedAt;
            events.publish(ReviewEventTypes.CHANGE_REQUEST_UPDATED, cr.id, views.view(cr));
        }
    }

    /** Newest first by the list's time, rows of (id, that time). */
    private static final Keyset<Object[]> RECENTLY_UPDATED = Keyset.descending(
            SortKey.instant("updated_at", r -> (Instant) r[1]), SortKey.text("id", r -> (String) r[0]));
    private static final Keyset<Object[]> RECENTLY_CREATED = Keyset.descending(
            SortKey.instant("created_at", r -> (Instant) r[1]), SortKey.text("id", r -> (String) r[0]));
}
