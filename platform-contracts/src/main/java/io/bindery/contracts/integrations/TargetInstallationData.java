package io.bindery.contracts.integrations;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.time.Instant;

/**
 * An installation's hold on one space or one site (the other field is absent): installed, updated or uninstalled.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record TargetInstallationData(String integration, String installation, String organization, String space,
                                     String site, String status, Instant updatedAt) {
}
