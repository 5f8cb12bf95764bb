package io.bindery.sites.customization;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bindery.commons.events.EventPublisher;
import io.bindery.contracts.sites.SiteCustomizationData;
import io.bindery.contracts.sites.SitesEventTypes;
import io.bindery.sites.access.SiteAccess;
import io.bindery.sites.access.SitePolicy.Action;
import io.bindery.sites.cache.VersionedCache;
import io.bindery.sites.site.SiteChanges;
import io.bindery.sites.site.SiteLookup;
import io.bindery.sites.site.SiteRecord;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.Map;

/**
 * A site's customization (theme, colours, header, footer, …): what was last PUT, merged over defaults that fill
 * every field GitBook's SiteCustomizationSettings requires, so readers (the published site) always get a whole one.
 */
@ApplicationScoped
public class SiteCustomizations {
    @Inject
    SiteAccess access;
    @Inject
    SiteLookup sites;
    @Inject
    SiteChanges changes;
    @Inject
    EventPublisher events;
    @Inject
    ObjectMapper json;

    private volatile JsonNode defaults;

    @Transactional
    public JsonNode get(String orgId, String userId, String siteId) {
        access.policy(orgId, userId).require(Action.VIEW);
        return of(sites.requireRecord(orgId, siteId, false));
    }

    @Transactional
    public JsonNode replace(String orgId, String userId, String siteId, JsonNode body) {
        access.policy(orgId, userId).require(Action.MANAGE);
        SiteRecord site = sites.requireRecord(orgId, siteId, true);
        CustomizationRules.check(body, defaults());
        SiteRecord changed = changes.customization(site, body.toString());
        JsonNode merged = of(changed);
        events.publish(SitesEventTypes.SITE_CUSTOMIZATION_UPDATED, changed.id(),
                new SiteCustomizationData(changed.id(), changed.organizationId(), merged));
        return merged;
    }

    /** Merged customizations by site, by the text they were merged from: {@code published} reads one per request. */
    private final VersionedCache<JsonNode> merged = new VersionedCache<>(10_000);

    /** The site's customization over the defaults. Shared and read-only: callers must not change it. */
    public JsonNode of(SiteRecord site) {
        return merged.get(site.id(), site.customization() == null ? "" : site.customization(), () -> mergeOverDefaults(site));
    }

    private JsonNode mergeOverDefaults(SiteRecord site) {
        ObjectNode out = defaults().deepCopy();
        if (site.customization() != null) {
            try {
                merge(out, json.readTree(site.customization()));
            } catch (JsonProcessingException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }

    private static void merge(ObjectNode into, JsonNode from) {
        Iterator<Map.Entry<String, JsonNode>> fields = from.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> f = fields.next();
            JsonNode existing = into.get(f.getKey());
            if (existing instanceof ObjectNode o && f.getValue().isObject()) {
                merge(o, f.getValue());
            } else {
                into.set(f.getKey(), f.getValue());
            }
        }
    }

    private ObjectNode defaults() {
        JsonNode d = defaults;
        if (d == null) {
            try (InputStream in = SiteCustomizations.class.getResourceAsStream("/customization/defaults.json")) {
                d = json.readTree(in);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            defaults = d;
        }
        return (ObjectNode) d;
    }
}
