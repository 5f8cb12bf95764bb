package io.bindery.insights.embeddings;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.contracts.insights.EmbeddingSearchResponse;
import io.bindery.contracts.insights.InsightsEmbeddingsApi;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

/**
 * Internal (never routed by the gateway; a service token for insights-service): vector search over an
 * organization's sections, for content's search and ask, which decide themselves which spaces the user may read.
 * Path and media types are the contract's ({@link InsightsEmbeddingsApi}); a JAX-RS annotation here would hide them.
 */
// a resource's default scope, said here because the class has no @Path of its own to make it a bean
@Singleton
public class EmbeddingSearchResource implements InsightsEmbeddingsApi {
    @Inject
    SemanticSearch search;

    @Override
    public EmbeddingSearchResponse search(String authorization, JsonNode body) {
        return search.search(EmbeddingSearchRequests.from(body));
    }
}
