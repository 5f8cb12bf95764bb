package io.bindery.contracts.insights;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * {@code POST /internal/embeddings/search} of insights-service: the sections of an organization's spaces nearest in
 * meaning to {@code query}. {@code spaces}: only these (the caller has already decided which the user may read);
 * absent: every space of the organization. {@code limit}: 1 to {@value #MAX_LIMIT}, {@value #DEFAULT_LIMIT} when
 * absent.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record EmbeddingSearchRequest(String organization, List<String> spaces, String query, Integer limit) {
    public static final int DEFAULT_LIMIT = 10;
    public static final int MAX_LIMIT = 100;
    public static final int MAX_SPACES = 1000;
    public static final int MAX_QUERY_CHARS = 1000;
}
