package io.bindery.contracts.sites;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * The data of {@code bindery.site.adaptive-schema.updated.v1}: the site's new visitor schema ({@code jsonSchema}, a
 * JSON Schema draft-07 object, typed Object because this module depends on Jackson's annotations only).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SiteAdaptiveSchemaData(String site, String organization, Object jsonSchema) {
}
