package io.bindery.contracts.integrations;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.time.Instant;

/**
 * An installation of an integration on an organization as it is after the change (as it was, for an uninstall):
 * which spaces and sites it covers ({@code all} or {@code selected}). Its configuration is not in events.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record InstallationData(String id, String integration, String organization, String status,
                               String spaceSelection, String siteSelection, Instant createdAt, Instant updatedAt) {
}
