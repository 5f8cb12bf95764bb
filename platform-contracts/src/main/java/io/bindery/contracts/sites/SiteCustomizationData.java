package io.bindery.contracts.sites;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * The data of {@code bindery.site.customization.updated.v1}: the site's whole customization after the change (the
 * defaults filled in), typed Object because this module depends on Jackson's annotations only.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SiteCustomizationData(String site, String organization, Object customization) {
}
