package io.bindery.insights.embeddings;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.contracts.insights.EmbeddingSearchResponse;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * Internal (never routed by the gateway; a service token for insights-service): vector search over an
 * organization's sections, for content's search and ask, which decide themselves which spaces the user may read.
 */
@Path("/internal/embeddings/search")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class EmbeddingSearchResource {
    @Inject
    SemanticSearch search;

    @POST
    public EmbeddingSearchResponse search(JsonNode body) {
        return search.search(EmbeddingSearchRequests.from(body));
    }
}
