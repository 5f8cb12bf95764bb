package io.bindery.contracts.sites;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.time.Instant;

/** The data of {@code bindery.site.share-link.(created|updated|deleted).v1}: the link without its secret key. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SiteShareLinkData(String id, String site, String organization, String name, boolean active, Instant createdAt) {
}
