package io.bindery.integrations.events;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.SortKey;
import io.bindery.commons.lists.Where;
import io.bindery.integrations.access.IntegrationAccess;
import io.bindery.integrations.access.IntegrationPolicy;
import io.bindery.integrations.config.IntegrationsConfig;
import io.bindery.integrations.delivery.DeliveryWorker;
import io.bindery.integrations.integrations.IntegrationRef;
import io.bindery.integrations.integrations.Integrations;
import io.bindery.integrations.targets.TargetKind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * Integration events: recorded with the change that caused them (an installation's, or a platform event an
 * installation covers), queued for delivery in the same transaction, listed and read with their trace, and
 * redelivered on the owner's request.
 */
@ApplicationScoped
public class IntegrationEvents {
    private static final Keyset<IntegrationEvent> NEWEST_FIRST = Keyset.descending(
            SortKey.instant("created_at", e -> e.createdAt), SortKey.text("id", e -> e.id));

    /**
     * The types of GitBook's {@code Event} (its 19 variants, the same in 0.167.0 and 0.202.0). The list answers only
     * events of these types: a client generated from GitBook's document reads an IntegrationEvent's payload as one of
     * them and cannot read a list holding another. Bindery's own types (change_request_created,
     * change_request_merged, comment_created, site_published) have no documented counterpart (a merge's content
     * change is also its space_content_updated), so they are delivered, traced and read by id, but not listed.
     */
    public static final List<String> LISTED_TYPES = List.of("installation_setup", "installation_deleted",
            "space_installation_setup", "space_installation_deleted", "site_installation_setup", "site_installation_deleted",
            "site_view", "space_content_updated", "space_gitsync_completed", "space_gitsync_started",
            "space_visibility_updated", "task", "fetch", "fetch_published_script", "fetch_visitor_authentication",
            "ui_render", "content_compute_document", "content_compute_revision", "page_feedback");
    private static final String LISTED = "type IN ('" + String.join("', '", LISTED_TYPES) + "')";

    @Inject
    IntegrationEventStore store;
    @Inject
    ObjectMapper json;
    @Inject
    IntegrationsConfig config;
    @Inject
    IntegrationAccess access;
    @Inject
    Integrations integrations;
    @Inject
    DeliveryWorker worker;
    @Inject
    TransactionSynchronizationRegistry transactions;

    /** Records an event of an installation's own change; runs in the caller's transaction. */
    @Transactional(Transactional.TxType.MANDATORY)
    public IntegrationEvent record(String integrationName, String installationId, String organizationId, String type,
                                   ObjectNode fields) {
        return insert(integrationName, installationId, organizationId, type, fields, null);
    }

    /**
     * Records, for each active installation that covers it, the integration event of a platform event about a
     * space or site of {@code organizationId}: the integration must hold {@code scope} and the installation select
     * the target (all, or this one). Idempotent per installation and platform event (a redelivered platform event
     * records nothing twice). Returns how many were recorded.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public int recordPlatformEvent(String sourceEventId, String organizationId, TargetKind kind, String targetId,
                                   String scope, String type, ObjectNode fields) {
        String selection = kind == TargetKind.SPACE ? "space_selection" : "site_selection";
        List<IntegrationEventStore.Covering> covering = store.covering(organizationId, selection, scope, kind.wire,
                targetId);
        int recorded = 0;
        for (IntegrationEventStore.Covering c : covering) {
            ObjectNode f = fields.deepCopy();
            f.put(kind.wire + "Id", targetId);
            if (insert(c.integrationName(), c.installationId(), organizationId, type, f, sourceEventId) != null) {
                recorded++;
            }
        }
        return recorded;
    }

    private IntegrationEvent insert(String integration, String installationId, String organizationId, String type,
                                    ObjectNode fields, String sourceEventId) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        String id = Ids.newId();
        ObjectNode payload = JsonNodeFactory.instance.objectNode().put("eventId", id).put("type", type)
                .put("installationId", installationId);
        payload.setAll(fields);
        if (!store.insert(id, integration, installationId, organizationId, sourceEventId, type, payload.toString(), now,
                now.plus(config.delivery().retryFor()))) {
            return null;
        }
        wakeWorkerAfterCommit();
        return store.find(id);
    }

    private void wakeWorkerAfterCommit() {
        if (transactions.getResource(DeliveryWorker.class) == null) {
            transactions.putResource(DeliveryWorker.class, Boolean.TRUE);
            transactions.registerInterposedSynchronization(new Synchronization() {
                @Override
                public void beforeCompletion() {
                }

                @Override
                public void afterCompletion(int status) {
                    if (status == Status.STATUS_COMMITTED) {
                        worker.wake();
                    }
                }
            });
        }
    }

    /**
     * The integration's events the caller may read, newest first: all of them for admins of the owner, those of
     * the installations in organizations it administers otherwise; only those of GitBook's types
     * ({@link #LISTED_TYPES}).
     */
    @Transactional
    public ListPage<IntegrationEventView> list(String name, String userId, String page, int limit) {
        IntegrationRef integration = integrations.visible(name, userId);
        Where where = Where.of("integration_name = :name", "name", name).and(LISTED);
        IntegrationPolicy owner = access.anyone(integration.ownerId(), userId);
        if (owner.allows(IntegrationPolicy.Action.VIEW)) {
            owner.require(IntegrationPolicy.Action.ADMIN);
        } else {
            where = where.and("""
                    organization_id IN (SELECT m.organization_id FROM projected_membership m
                        WHERE m.user_id = :user AND m.active AND m.role = 'admin')""", "user", userId);
        }
        return store.page(NEWEST_FIRST.page(page, limit), where).map(this::view);
    }

    @Transactional
    public IntegrationEventView.WithTrace get(String name, String eventId, String userId) {
        IntegrationEvent e = readable(name, eventId, userId);
        return new IntegrationEventView.WithTrace(view(e), new IntegrationEventView.Trace(read(e.trace)));
    }

    /**
     * Queues the event again for the integration's owner (admins): it is delivered anew (signed with a fresh time)
     * after what its installation has pending, and its trace goes on.
     */
    @Transactional
    public IntegrationEventView redeliver(String name, String eventId, String userId) {
        IntegrationRef integration = integrations.visible(name, userId);
        IntegrationEvent e = store.lock(eventId);
        if (e == null || !e.integrationName.equals(name)) {
            throw ApiException.notFound("no event " + eventId + " of " + name);
        }
        IntegrationPolicy owner = access.anyone(integration.ownerId(), userId);
        if (!owner.allows(IntegrationPolicy.Action.VIEW) && !canRead(e, userId)) {
            throw ApiException.notFound("no event " + eventId + " of " + name);
        }
        owner.require(IntegrationPolicy.Action.ADMIN);
        if (e.delivery.equals("pending")) {
            throw ApiException.conflict("event " + eventId + " is being delivered already");
        }
        Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        store.requeue(e.id, now, now.plus(config.delivery().retryFor()), "redelivery requested by " + userId);
        store.refresh(e);
        wakeWorkerAfterCommit();
        return view(e);
    }

    private IntegrationEvent readable(String name, String eventId, String userId) {
        IntegrationRef integration = integrations.visible(name, userId);
        IntegrationEvent e = store.find(eventId);
        if (e == null || !e.integrationName.equals(name)
                || !(access.anyone(integration.ownerId(), userId).allows(IntegrationPolicy.Action.ADMIN) || canRead(e, userId))) {
            throw ApiException.notFound("no event " + eventId + " of " + name);
        }
        return e;
    }

    /** Admins of the installing organization read its installation's events. */
    private boolean canRead(IntegrationEvent e, String userId) {
        return access.anyone(e.organizationId, userId).allows(IntegrationPolicy.Action.ADMIN);
    }

    IntegrationEventView view(IntegrationEvent e) {
        return new IntegrationEventView(e.id, e.integrationName, e.installationId, e.createdAt, read(e.payload),
                e.delivery.equals("delivered") ? "success" : "failed",
                new IntegrationEventView.Delivery(e.delivery, e.attempts,
                        e.delivery.equals("pending") ? e.nextAttemptAt : null, e.deliveredAt, e.giveUpAt));
    }

    private JsonNode read(String text) {
        try {
            return json.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored JSON does not parse", e);
        }
    }
}
