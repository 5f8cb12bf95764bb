package io.bindery.openapi.specs;

import io.bindery.commons.events.EventPublisher;
import io.bindery.contracts.openapi.OpenApiEventTypes;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;

/**
 * The steps of a spec's processing that change its row, for processing's {@code Processor}, which runs them in its
 * own short transactions around the fetch and the parse: the row ({@link OpenApiSpec}) stays in this package, and
 * processing sees records. Each method runs in the caller's transaction and locks the row.
 */
@ApplicationScoped
public class SpecProcessing {
    @Inject
    SpecStore store;
    @Inject
    SpecViews views;
    @Inject
    EventPublisher events;

    /**
     * A request taken up: where to read the spec ({@code sourceUrl}, or the published address of its text,
     * {@code textUrl}), its latest version's id, and whether the request has used up its attempts.
     */
    public record Started(String sourceUrl, String textUrl, String lastVersion, boolean exhausted) {
    }

    /** A request being completed: the spec's source URL (null for a text) and latest version when it was locked. */
    public record Completing(String sourceUrl, String lastVersion) {
    }

    /**
     * Marks the request in progress and counts the attempt; null when the request is no longer the spec's (deleted,
     * superseded by a newer upload, or completed already).
     */
    public Started start(String specId, String request, int maxAttempts, Instant now) {
        OpenApiSpec spec = store.lock(specId);
        if (spec == null || !request.equals(spec.request) || spec.processingState == ProcessingState.COMPLETE) {
            return null;
        }
        spec.processingState = ProcessingState.PROGRESS;
        spec.progressAt = now;
        spec.attempts += 1;
        String textUrl = spec.sourceText == null ? null
                : views.publishedBase(spec.organizationId, spec.slug) + SpecSource.textFileName(spec.sourceText);
        return new Started(spec.sourceUrl, textUrl, spec.lastVersion, spec.attempts > maxAttempts);
    }

    /** A text source, read when it is processed; a spec deleted meanwhile is an empty text (completed by nobody). */
    public String sourceText(String specId) {
        OpenApiSpec spec = store.find(specId);
        return spec == null || spec.sourceText == null ? "" : spec.sourceText;
    }

    /**
     * Completes the request if it is still the spec's (null otherwise: deleted, or superseded by a newer upload,
     * whose own processing reports); the caller then ends it with {@link #succeeded} or {@link #failed} in the same
     * transaction.
     */
    public Completing complete(String specId, String request, Instant now) {
        OpenApiSpec spec = store.lock(specId);
        if (spec == null || !request.equals(spec.request)) {
            return null;
        }
        spec.processingState = ProcessingState.COMPLETE;
        spec.request = null;
        spec.progressAt = null;
        spec.lastProcessedAt = now;
        spec.updatedAt = now;
        return new Completing(spec.sourceUrl, spec.lastVersion);
    }

    /** The completed request succeeded: the new latest version (null: the content was the latest's), the event. */
    public void succeeded(String specId, String newVersion) {
        OpenApiSpec spec = completed(specId);
        if (newVersion != null) {
            spec.lastVersion = newVersion;
        }
        spec.lastProcessErrorCode = null;
        spec.lastProcessedErrors = null;
        spec.lastProcessedErrorCount = 0;
        store.flush();
        events.publish(OpenApiEventTypes.SPEC_PROCESSED, spec.id, views.data(spec));
    }

    /** The completed request failed: its error code, the errors listed (JSON, at most the listed maximum), the event. */
    public void failed(String specId, ProcessErrorCode code, int errorCount, String listedErrors) {
        OpenApiSpec spec = completed(specId);
        spec.lastProcessErrorCode = code;
        spec.lastProcessedErrorCount = errorCount;
        spec.lastProcessedErrors = listedErrors;
        store.flush();
        events.publish(OpenApiEventTypes.SPEC_FAILED, spec.id, views.data(spec));
    }

    /** The row {@link #complete} locked, from this transaction's persistence context. */
    private OpenApiSpec completed(String specId) {
        OpenApiSpec spec = store.find(specId);
        if (spec == null || spec.processingState != ProcessingState.COMPLETE) {
            throw new IllegalStateException("spec " + specId + " was not completed in this transaction");
        }
        return spec;
    }
}
