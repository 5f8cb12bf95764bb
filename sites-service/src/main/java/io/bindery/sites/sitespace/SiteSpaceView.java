package io.bindery.sites.sitespace;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.bindery.contracts.content.SpaceData;

/**
 * GitBook's SiteSpace: a space published in a site, with the whole Space resource. {@code section} is absent at
 * the root of a site without sections; {@code urls.published} while the site is published.
 */
public record SiteSpaceView(String object, String id, String path, String section, SpaceData space, String title,
                            @JsonProperty("default") boolean isDefault, String condition, String pageId, boolean draft,
                            boolean hasAdvancedCustomizationFeature, Urls urls, boolean hidden) {
    public record Urls(String published) {
    }
}
