package io.bindery.sites.site;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.bindery.sites.access.SitePolicy;

import java.time.Instant;
import java.util.List;

/**
 * GitBook's Site. Bindery has no plans, so {@code appliedType} is {@code type} and {@code features} is empty (no
 * feature is premium); {@code defaultLevel} is {@code inherit}: a site's audience is set by its visibility.
 */
public record SiteView(String object, String id, SiteType type, SiteType appliedType, String title, String hostname,
                       String basename, Proxy proxy, SiteVisibility visibility,
                       @JsonInclude(JsonInclude.Include.ALWAYS) String defaultLevel, SitePolicy.Permissions permissions,
                       boolean published, long siteSpaces, Instant createdAt, AdaptiveContent adaptiveContent,
                       AgentsContext agentsContext, List<Object> features, Urls urls) {

    /** Where a proxied site is served ({@code origin}, host/path) and what it proxies to ({@code target}). */
    public record Proxy(String origin, String target) {
    }

    public record AdaptiveContent(boolean enabled) {
    }

    /** {@code published} only while the site is published. */
    public record Urls(String location, String app, String preview, String published) {
    }
}
