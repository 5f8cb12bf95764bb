package io.bindery.insights.embeddings;

import io.bindery.contracts.insights.EmbeddingSearchRequest;
import io.bindery.contracts.insights.EmbeddingSearchResponse;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.ArrayList;
import java.util.List;

/**
 * Vector search over the organization's sections: the query embedded, its nearest sections in this replica's index.
 * Another organization's sections are never candidates (the index filters on the organization); spaces the caller
 * names that are not the organization's simply match nothing.
 */
@ApplicationScoped
public class SemanticSearch {
    @Inject
    Embedder embedder;
    @Inject
    SemanticIndex index;

    public EmbeddingSearchResponse search(EmbeddingSearchRequest request) {
        if (request.spaces() != null && request.spaces().isEmpty()) {
            return new EmbeddingSearchResponse(List.of());
        }
        float[] query = embedder.embed(request.query());
        List<EmbeddingSearchResponse.Hit> items = new ArrayList<>();
        for (SectionIndex.Hit h : index.search(request.organization(), request.spaces(), query, request.limit())) {
            items.add(new EmbeddingSearchResponse.Hit(h.space(), h.page(), h.key(), h.title(), h.pageTitle(), h.path(),
                    h.score()));
        }
        return new EmbeddingSearchResponse(items);
    }
}
