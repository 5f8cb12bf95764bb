package io.bindery.contracts.insights;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * {@code GET /internal/orgs/{o}/agent-instructions} of insights-service: an organization's Docs agent instructions as
 * markdown ({@code ""} when never written), for sites-service's pages for agents.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record AgentInstructionsMarkdown(String organization, String markdown) {
}
