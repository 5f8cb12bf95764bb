package io.bindery.integrations.integrations;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;

/**
 * GitBook's Integration. {@code signingSecret}, {@code endpoint} and {@code dev} (extensions) are shown to admins of
 * the owning organization only;
 * script and secrets never.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record IntegrationView(String object, String name, int version, String title, String description,
                              String summary, List<String> previewImages, String target, boolean verified,
                              String visibility, List<String> scopes, List<String> categories, JsonNode blocks,
                              JsonNode contentSources, JsonNode externalLinks, JsonNode configurations,
                              JsonNode contentSecurityPolicy, JsonNode owner, Permissions permissions, Urls urls,
                              String signingSecret, String endpoint, Dev dev) {
    /** The development tunnel (admins only): where events go instead of {@code endpoint}. */
    public record Dev(String tunnelUrl, boolean all) {
    }

    public record Permissions(boolean admin) {
    }

    /** {@code publicContentEndpoint} (required from @gitbook/api 0.202.0) equals publicEndpoint: no separate content origin. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Urls(String location, String icon, String app, String assets, String publicEndpoint,
                       String publicContentEndpoint) {
    }
}
