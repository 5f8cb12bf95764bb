package io.bindery.sites.sites;

import io.bindery.sites.site.AgentsContext;
import io.bindery.sites.site.SiteVisibility;
import io.bindery.commons.json.WireEnum;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.json.JsonBody;

import java.util.Optional;

/**
 * Body of PATCH /orgs/{o}/sites/{s}: each field optional, absent leaves it unchanged. {@code proxy} and
 * {@code hostname} (Bindery's extension) also take null, which removes them: {@link Optional#empty()} inside a
 * present outer Optional.
 */
public record UpdateSiteRequest(Optional<String> title, Optional<SiteVisibility> visibility, Optional<String> basename,
                                Optional<Boolean> adaptiveContent, Optional<AgentsContext> agentsContext,
                                Optional<Optional<String>> proxy, Optional<Optional<String>> hostname,
                                Optional<String> defaultSiteSpace, Optional<String> defaultSiteSection) {

    public static UpdateSiteRequest from(JsonNode body) {
        JsonBody b = JsonBody.of(body);
        return new UpdateSiteRequest(
                SiteRules.title(b),
                b.string("visibility").map(v -> WireEnum.parse(SiteVisibility.class, "visibility", v)),
                SiteRules.basename(b),
                b.object("adaptiveContent").flatMap(a -> a.bool("enabled")),
                b.string("agentsContext").map(v -> WireEnum.parse(AgentsContext.class, "agentsContext", v)),
                b.has("proxy") ? Optional.of(SiteRules.proxy(b)) : Optional.empty(),
                b.has("hostname") ? Optional.of(SiteRules.hostname(b)) : Optional.empty(),
                b.string("defaultSiteSpace"),
                b.string("defaultSiteSection"));
    }

    public boolean changesSettings() {
        return title.isPresent() || visibility.isPresent() || basename.isPresent() || adaptiveContent.isPresent()
                || agentsContext.isPresent() || proxy.isPresent() || hostname.isPresent();
    }
}
