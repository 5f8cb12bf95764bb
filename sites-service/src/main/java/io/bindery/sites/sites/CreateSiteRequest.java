package io.bindery.sites.sites;

import io.bindery.sites.site.SiteType;
import io.bindery.sites.site.SiteVisibility;
import io.bindery.commons.json.WireEnum;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.json.JsonBody;

import java.util.List;

/** Body of POST /orgs/{o}/sites: all optional (GitBook's defaults: a basic, public, untitled site). */
public record CreateSiteRequest(SiteType type, String title, SiteVisibility visibility, List<String> spaces) {
    static final String DEFAULT_TITLE = "Untitled site";

    public static CreateSiteRequest from(JsonNode body) {
        JsonBody b = JsonBody.of(body);
        return new CreateSiteRequest(
                b.string("type").map(t -> WireEnum.parse(SiteType.class, "type", t)).orElse(SiteType.BASIC),
                SiteRules.title(b).orElse(DEFAULT_TITLE),
                b.string("visibility").map(v -> WireEnum.parse(SiteVisibility.class, "visibility", v)).orElse(SiteVisibility.PUBLIC),
                b.strings("spaces").orElse(List.of()));
    }
}
