package io.bindery.contracts.insights;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.time.Instant;

/**
 * A translation of a space: source space and language, target language, status (pending, running, completed), how
 * many runs, and the target space and revision of the latest completed run (null before the first).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record TranslationData(String id, String organization, String status, String sourceSpace,
                              String sourceLanguage, String language, String resultSpace, String resultRevision,
                              int runs, Instant createdAt, Instant updatedAt) {
}
