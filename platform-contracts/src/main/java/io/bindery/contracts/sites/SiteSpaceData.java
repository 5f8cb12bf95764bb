package io.bindery.contracts.sites;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.time.Instant;

/**
 * The data of the site-space events: a space published in a site, as it is after the change (as it was, for a
 * deletion). {@code section} is absent for a site space at the root of a site without sections; {@code condition}
 * when none is set. {@code published} is the site space's address while its site is published, absent otherwise:
 * content shows it as the space's {@code urls.published}. {@code updatedAt} grows with every change of the site
 * space, its section or its site, so a consumer keeps the newest.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SiteSpaceData(String id, String site, String organization, String section, String space, String path,
                            @JsonProperty("default") boolean isDefault, String condition, String published,
                            Instant updatedAt) {
}
