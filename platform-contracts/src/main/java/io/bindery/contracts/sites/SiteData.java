package io.bindery.contracts.sites;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.time.Instant;

/**
 * The data of every site event: the site as it is after the change (as it was, for a deletion). Optional fields
 * are absent when unset. {@code hostname} is Bindery's extension (GitBook sets custom domains elsewhere).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SiteData(String id, String organization, String type, String title, String visibility, boolean published,
                       String basename, String hostname, String proxy, boolean adaptiveContent, String agentsContext,
                       Instant createdAt, Instant updatedAt) {
}
