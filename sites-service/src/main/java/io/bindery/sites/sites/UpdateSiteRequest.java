package io.bindery.sites.sites;

import io.bindery.sites.site.AgentsContext;
import io.bindery.sites.site.SiteSettings;
import io.bindery.sites.site.SiteVisibility;
import io.bindery.commons.json.WireEnum;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;

import java.util.Optional;
import java.util.Set;

/**
 * Body of PATCH /orgs/{o}/sites/{s}: each field optional, absent leaves it unchanged. {@code proxy} and
 * {@code hostname} (Bindery's extension) also take null, which removes them: {@link Optional#empty()} inside a
 * present outer Optional. GitBook 0.202.0's {@code defaultLevel} (a member role, "inherit" or null) and
 * {@code styleguide} (a string or null) are checked and otherwise ignored: Bindery's sites have neither.
 */
public record UpdateSiteRequest(SiteSettings settings, Optional<String> defaultSiteSpace, Optional<String> defaultSiteSection) {

    /** GitBook's DefaultLevel: a MemberRole, "inherit", or null. */
    private static final Set<String> DEFAULT_LEVELS = Set.of("admin", "create", "edit", "review", "comment", "read", "inherit");

    public static UpdateSiteRequest from(JsonNode body) {
        JsonBody b = JsonBody.of(body);
        b.string("defaultLevel").filter(level -> !DEFAULT_LEVELS.contains(level)).ifPresent(level -> {
            throw ApiException.badRequest("defaultLevel must be one of admin, create, edit, review, comment, read, inherit or null");
        });
        b.string("styleguide");
        return new UpdateSiteRequest(new SiteSettings(
                SiteRules.title(b),
                b.string("visibility").map(v -> WireEnum.parse(SiteVisibility.class, "visibility", v)),
                SiteRules.basename(b),
                b.object("adaptiveContent").flatMap(a -> a.bool("enabled")),
                b.string("agentsContext").map(v -> WireEnum.parse(AgentsContext.class, "agentsContext", v)),
                b.has("proxy") ? Optional.of(SiteRules.proxy(b)) : Optional.empty(),
                b.has("hostname") ? Optional.of(SiteRules.hostname(b)) : Optional.empty()),
                b.string("defaultSiteSpace"),
                b.string("defaultSiteSection"));
    }

    public boolean changesSettings() {
        return settings.changesAny();
    }
}
