package io.bindery.contracts.content;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.util.List;

/**
 * The answer to {@link SiteSearchRequest}: the spaces with a match, best first, each with its matching pages. A page's
 * {@code anchor} names its best section ("" for the page's top); {@code body} is that section's text around the
 * match, the matched words between {@code <mark>} and {@code </mark>} and nothing else escaped: the reader escapes it.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record SiteSearchResponse(List<SpaceResult> spaces) {
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record SpaceResult(String id, String revision, List<PageResult> pages) {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record PageResult(String id, String title, String path, String anchor, String sectionTitle, String body,
                             double score) {
    }
}
