package io.bindery.sites.adaptive;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.sites.site.SiteRecord;

import java.time.Instant;

/** GitBook's SiteAdaptiveSchema: the JSON Schema of the claims a site's visitors carry. */
public record AdaptiveSchemaView(String object, JsonNode jsonSchema, Instant updatedAt) {
    /** {@code updatedAt}: when the schema was last replaced, the site's creation for the default schema. */
    static AdaptiveSchemaView of(JsonNode jsonSchema, SiteRecord site) {
        return new AdaptiveSchemaView("site-adaptive-schema", jsonSchema,
                site.adaptiveSchemaUpdatedAt() == null ? site.createdAt() : site.adaptiveSchemaUpdatedAt());
    }
}
