package io.bindery.openapi.specs;

import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.SortKey;
import io.bindery.contracts.openapi.OpenApiEventTypes;
import io.bindery.openapi.access.SpecAccess;
import io.bindery.openapi.access.SpecPolicy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * Creating, reading, listing, changing and deleting an organization's specs. An upload (create, or PUT of a source)
 * leaves the spec pending with a new processing request, published as {@code uploaded}: the processing worker
 * reads it from Kafka (ProcessingConsumer).
 */
@ApplicationScoped
public class Specs {
    private static final Keyset<OpenApiSpec> OLDEST_FIRST = Keyset.ascending(
            SortKey.instant("created_at", s -> s.createdAt), SortKey.text("id", s -> s.id));

    @Inject
    SpecStore store;
    @Inject
    SpecAccess access;
    @Inject
    SpecViews views;
    @Inject
    EventPublisher events;

    /** A created spec, and whether it is new (PUT answers 201 then, 200 for an update). */
    public record Uploaded(SpecView spec, boolean created) {
    }

    @Transactional
    public ListPage<SpecView> list(String organizationId, String userId, String page, int limit) {
        SpecPolicy policy = access.member(organizationId, userId);
        return store.page(OLDEST_FIRST.page(page, limit), organizationId).map(row -> views.view(row, policy));
    }

    @Transactional
    public SpecView get(String organizationId, String slug, String userId) {
        SpecPolicy policy = access.member(organizationId, userId);
        return views.view(require(organizationId, slug, false), policy);
    }

    /** POST: a new spec; 409 when the organization has one of that slug. */
    @Transactional
    public SpecView create(String organizationId, String userId, SpecRequests.Create request) {
        SpecPolicy policy = editor(organizationId, userId);
        lockSlug(organizationId, request.slug());
        if (find(organizationId, request.slug(), true) != null) {
            throw ApiException.conflict("the organization already has an OpenAPI spec with the slug " + request.slug());
        }
        return views.view(insert(organizationId, request.slug(), request.source()), policy);
    }

    /** PUT: creates the spec, or gives it the source and processes it again. */
    @Transactional
    public Uploaded put(String organizationId, String slug, String userId, SpecRequests.Put request) {
        SpecPolicy policy = editor(organizationId, userId);
        SpecRequests.checkSlug(slug);
        lockSlug(organizationId, slug);
        OpenApiSpec row = find(organizationId, slug, true);
        if (row == null) {
            return new Uploaded(views.view(insert(organizationId, slug, request.source()), policy), true);
        }
        row.sourceUrl = request.source().url();
        row.sourceText = request.source().text();
        requestProcessing(row, now());
        events.publish(OpenApiEventTypes.SPEC_UPLOADED, row.id, views.data(row));
        return new Uploaded(views.view(row, policy), false);
    }

    @Transactional
    public SpecView changeVisibility(String organizationId, String slug, String userId, SpecRequests.Visibility request) {
        SpecPolicy policy = editor(organizationId, userId);
        OpenApiSpec row = require(organizationId, slug, true);
        if (row.visibility != request.visibility()) {
            row.visibility = request.visibility();
            row.updatedAt = now();
            events.publish(OpenApiEventTypes.SPEC_UPDATED, row.id, views.data(row));
        }
        return views.view(row, policy);
    }

    /** Deletes the spec and its versions; an unknown slug is done already (204, as GitBook answers). */
    @Transactional
    public void delete(String organizationId, String slug, String userId) {
        editor(organizationId, userId);
        OpenApiSpec row = find(organizationId, slug, true);
        if (row != null) {
            store.remove(row);
            store.flush();
            events.publish(OpenApiEventTypes.SPEC_DELETED, row.id, views.data(row));
        }
    }

    /** A stalled spec whose processing was requested again, with the attempts it had so far. */
    public record Stalled(String id, int attempts) {
    }

    /**
     * Requests the processing again of specs whose request is older than {@code before} (at most 100, skipping rows
     * another replica holds), counting on their attempts; runs in the caller's transaction (ProcessingSweep).
     */
    public List<Stalled> requestStalledAgain(Instant before) {
        List<OpenApiSpec> stalled = store.stalled(before);
        List<Stalled> requested = new ArrayList<>(stalled.size());
        for (OpenApiSpec spec : stalled) {
            int attempts = spec.attempts;
            requestProcessing(spec, nowMicros());
            spec.attempts = attempts; // the attempts of this upload go on counting
            events.publish(OpenApiEventTypes.SPEC_PROCESSING_REQUESTED, spec.id, views.data(spec));
            requested.add(new Stalled(spec.id, attempts));
        }
        return requested;
    }

    /**
     * Starts a new processing request: pending, and any older request superseded (the worker drops a result whose
     * request is no longer the spec's).
     */
    static void requestProcessing(OpenApiSpec row, Instant now) {
        row.processingState = ProcessingState.PENDING;
        row.request = Ids.newId();
        row.requestedAt = now;
        row.progressAt = null;
        row.attempts = 0;
        row.updatedAt = now;
    }

    private OpenApiSpec insert(String organizationId, String slug, SpecSource source) {
        Instant now = now();
        OpenApiSpec row = new OpenApiSpec();
        row.id = Ids.newId();
        row.organizationId = organizationId;
        row.slug = slug;
        row.sourceUrl = source.url();
        row.sourceText = source.text();
        row.visibility = SpecVisibility.PRIVATE;
        row.createdAt = now;
        requestProcessing(row, now);
        store.insert(row);
        store.flush();
        events.publish(OpenApiEventTypes.SPEC_UPLOADED, row.id, views.data(row));
        return row;
    }

    /** Two creates of one slug at once: the second waits, then sees the first (409 or an update), never a 500. */
    private void lockSlug(String organizationId, String slug) {
        store.lockSlug(organizationId, slug);
    }

    private SpecPolicy editor(String organizationId, String userId) {
        SpecPolicy policy = access.member(organizationId, userId);
        policy.require(SpecPolicy.Action.EDIT);
        return policy;
    }

    /** The spec of that slug, or a 404. */
    public OpenApiSpec require(String organizationId, String slug, boolean forUpdate) {
        OpenApiSpec row = find(organizationId, slug, forUpdate);
        if (row == null) {
            throw ApiException.notFound("no OpenAPI spec " + slug + " in organization " + organizationId);
        }
        return row;
    }

    /** The spec of that slug as other features read it, or a 404. */
    public SpecRef required(String organizationId, String slug) {
        return SpecRef.of(require(organizationId, slug, false));
    }

    /** The spec of that slug as other features read it; null when there is none. */
    public SpecRef found(String organizationId, String slug) {
        OpenApiSpec row = find(organizationId, slug, false);
        return row == null ? null : SpecRef.of(row);
    }

    public OpenApiSpec find(String organizationId, String slug, boolean forUpdate) {
        SpecRequests.checkSlug(slug);
        return store.find(organizationId, slug, forUpdate);
    }

    public static Instant nowMicros() {
        return now();
    }

    static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MICROS);
    }
}
