package io.bindery.contracts.openapi;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.time.Instant;

/**
 * An OpenAPI spec as it is after the change (as it was, for a delete). {@code request} is the processing request
 * in force (null once processing completed); {@code sourceURL} is null for a spec given as text (its text is never
 * in an event).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record OpenApiSpecData(String id, String organization, String slug, String sourceURL, String visibility,
                              String processingState, String request, String lastVersion, Instant lastProcessedAt,
                              String lastProcessErrorCode, int lastProcessedErrorCount, Instant createdAt,
                              Instant updatedAt) {
}
