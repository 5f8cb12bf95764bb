package io.bindery.sites.adaptive;

import com.fasterxml.jackson.databind.JsonNode;

/** GitBook's SiteAdaptiveSchema: the JSON Schema of the claims a site's visitors carry. */
public record AdaptiveSchemaView(String object, JsonNode jsonSchema) {
    static AdaptiveSchemaView of(JsonNode jsonSchema) {
        return new AdaptiveSchemaView("site-adaptive-schema", jsonSchema);
    }
}
