package io.bindery.sites.adaptive;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.contracts.sites.SiteAdaptiveSchemaData;
import io.bindery.contracts.sites.SitesEventTypes;
import io.bindery.sites.access.SiteAccess;
import io.bindery.sites.access.SitePolicy;
import io.bindery.sites.access.SitePolicy.Action;
import io.bindery.sites.cache.VersionedCache;
import io.bindery.sites.site.SiteChanges;
import io.bindery.sites.site.SiteLookup;
import io.bindery.sites.site.SiteRecord;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

/** A site's adaptive schema: read, replaced (validated first), and the template conditions it suggests. */
@ApplicationScoped
public class AdaptiveSchemas {
    /** A site's schema until one is set: no claims but an empty {@code unsigned} object. */
    static final String DEFAULT = """
            {"type":"object","properties":{"unsigned":{"type":"object","description":"Unsigned claims of the site visitor.",\
            "properties":{},"additionalProperties":false}},"additionalProperties":false}""";

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

    @Transactional
    public AdaptiveSchemaView get(String orgId, String userId, String siteId) {
        SitePolicy policy = access.policy(orgId, userId);
        policy.require(Action.VIEW);
        SiteRecord site = sites.requireRecord(orgId, siteId, false);
        return AdaptiveSchemaView.of(schemaOf(site), site);
    }

    @Transactional
    public AdaptiveSchemaView replace(String orgId, String userId, String siteId, JsonNode body) {
        SitePolicy policy = access.policy(orgId, userId);
        policy.require(Action.MANAGE);
        SiteRecord site = sites.requireRecord(orgId, siteId, true);
        JsonNode schema = body == null ? null : body.get("jsonSchema");
        if (schema == null || !schema.isObject()) {
            throw ApiException.badRequest("jsonSchema is required: a JSON Schema (draft-07) object");
        }
        String text = schema.toString();
        AdaptiveSchemaRules.check(schema);
        SiteRecord changed = changes.adaptiveSchema(site, text, Instant.now().truncatedTo(ChronoUnit.MILLIS));
        events.publish(SitesEventTypes.SITE_ADAPTIVE_SCHEMA_UPDATED, changed.id(),
                new SiteAdaptiveSchemaData(changed.id(), changed.organizationId(), schema));
        return AdaptiveSchemaView.of(schema, changed);
    }

    @Transactional
    public List<TemplateConditions.Item> templateConditions(String orgId, String userId, String siteId) {
        SitePolicy policy = access.policy(orgId, userId);
        policy.require(Action.VIEW);
        return TemplateConditions.of(schemaOf(sites.requireRecord(orgId, siteId, false)));
    }

    /** Parsed schemas by site, by the text they were parsed from: {@code published} reads one on every request. */
    private final VersionedCache<JsonNode> parsed = new VersionedCache<>(10_000);

    /** The site's adaptive schema, or the default one. Shared and read-only: callers must not change it. */
    public JsonNode schemaOf(SiteRecord site) {
        String text = site.adaptiveSchema() == null ? DEFAULT : site.adaptiveSchema();
        return parsed.get(site.id(), text, () -> {
            try {
                return json.readTree(text);
            } catch (JsonProcessingException e) {
                throw new UncheckedIOException(e);
            }
        });
    }
}
