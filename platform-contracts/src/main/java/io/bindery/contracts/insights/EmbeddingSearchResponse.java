package io.bindery.contracts.insights;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.util.List;

/**
 * The answer to {@link EmbeddingSearchRequest}: sections best first. {@code section} is the heading's anchor ("" for
 * the top of the page), {@code title} the section's heading (the page's title for its top), {@code score} the cosine
 * similarity of the section's vector and the query's (-1 to 1).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record EmbeddingSearchResponse(List<Hit> items) {
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Hit(String space, String page, String section, String title, String pageTitle, String path,
                      double score) {
    }
}
