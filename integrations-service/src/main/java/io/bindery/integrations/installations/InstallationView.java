package io.bindery.integrations.installations;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;

import java.time.Instant;
import java.util.List;

/** GitBook's IntegrationInstallation. */
public record InstallationView(String id, String status, String space_selection, String site_selection, long spaces,
                               JsonNode configuration, Instant createdAt, Instant updatedAt, Urls urls,
                               List<String> externalIds, Target target) {
    /** {@code publicContentEndpoint} (required from @gitbook/api 0.202.0) equals publicEndpoint: no separate content origin. */
    public record Urls(String location, String app, String publicEndpoint, String publicContentEndpoint) {
    }

    public record Target(String organization) {
    }

    /** GitBook's IntegrationSpaceInstallation / IntegrationSiteInstallation: one of space and site is set. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record OnTarget(String integration, String installation, String status, JsonNode configuration,
                           List<String> externalIds, TargetUrls urls, Object space, Object site) {
    }

    public record TargetUrls(String location, String publicEndpoint, String publicContentEndpoint) {
    }
}
