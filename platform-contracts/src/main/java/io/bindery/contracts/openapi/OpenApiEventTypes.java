package io.bindery.contracts.openapi;

import java.util.Map;

/**
 * The CloudEvent types openapi-service publishes on {@value #TOPIC} (documented in its asyncapi.yaml), each keyed
 * by the spec's id, with the spec as {@link OpenApiSpecData}. openapi-service also reads its own topic: an
 * upload or a processing request is the work item its processing worker consumes.
 */
public final class OpenApiEventTypes {
    public static final String TOPIC = "bindery.openapi.events";

    /** A spec created or given a new source (POST or PUT); data.request names the processing it asks for. */
    public static final String SPEC_UPLOADED = "bindery.openapi.spec.uploaded.v1";
    /** Processing asked again for a spec whose processing stalled (data.request is the new request). */
    public static final String SPEC_PROCESSING_REQUESTED = "bindery.openapi.spec.processing-requested.v1";
    /** The visibility changed. */
    public static final String SPEC_UPDATED = "bindery.openapi.spec.updated.v1";
    /** Processing completed without error; lastVersion is the new version, or the same one when nothing changed. */
    public static final String SPEC_PROCESSED = "bindery.openapi.spec.processed.v1";
    /** Processing completed with an error (lastProcessErrorCode). */
    public static final String SPEC_FAILED = "bindery.openapi.spec.failed.v1";
    public static final String SPEC_DELETED = "bindery.openapi.spec.deleted.v1";

    /** Each type's data record. */
    public static final Map<String, Class<?>> PAYLOADS = Map.of(
            SPEC_UPLOADED, OpenApiSpecData.class, SPEC_PROCESSING_REQUESTED, OpenApiSpecData.class,
            SPEC_UPDATED, OpenApiSpecData.class, SPEC_PROCESSED, OpenApiSpecData.class,
            SPEC_FAILED, OpenApiSpecData.class, SPEC_DELETED, OpenApiSpecData.class);

    private OpenApiEventTypes() {
    }
}
