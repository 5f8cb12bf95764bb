package io.bindery.contracts.sites;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * The data of the section and section-group events: the item after the change (before a deletion). {@code kind}
 * is {@code section} or {@code group}; {@code parent} the enclosing group (absent at the root); {@code position}
 * its place among its siblings, from 1; {@code path} and {@code condition} are sections' only.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SiteStructureItemData(String id, String site, String organization, String kind, String parent, String title,
                                    String path, String condition, boolean isDefault, int position) {
}
