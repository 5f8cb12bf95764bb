package io.bindery.contracts.insights;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.time.Instant;

/** A cluster of issues as it is after the change (as it was, for a delete). */
@JsonIgnoreProperties(ignoreUnknown = true)
public record IssuesClusterData(String id, String organization, String label, String icon, int issues,
                                int conversations, Instant createdAt, Instant updatedAt) {
}
