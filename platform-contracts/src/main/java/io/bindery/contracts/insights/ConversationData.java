package io.bindery.contracts.insights;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.time.Instant;

/**
 * A conversation (never its messages): its id (the ingester's, unique in the organization), where it came from, when
 * it happened, was ingested and processed (null until its issues are extracted), and how many issues it gave.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ConversationData(String id, String organization, String subject, String source, Instant createdAt,
                               Instant ingestedAt, Instant processedAt, int issues) {
}
