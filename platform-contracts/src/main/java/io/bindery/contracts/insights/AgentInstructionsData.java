package io.bindery.contracts.insights;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.time.Instant;

/** An organization's Docs agent instructions changed: by whom and when (the text itself is read through the API). */
@JsonIgnoreProperties(ignoreUnknown = true)
public record AgentInstructionsData(String organization, Instant updatedAt, String updatedBy) {
}
