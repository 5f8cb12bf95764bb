package io.bindery.contracts.content;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.util.List;

/**
 * {@code POST /internal/search}: full-text search over the live revisions of the given spaces, for sites-service's
 * reader, which has already decided which spaces a visitor may read (a published site's). At most
 * {@code pagesPerSpace} pages of each space, best first.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SiteSearchRequest(List<String> spaces, String query, int pagesPerSpace) {
}
