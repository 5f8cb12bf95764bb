package io.bindery.contracts.insights;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * insights-service's internal vector search over an organization's sections (content's hybrid search and ask).
 * Insights' {@code EmbeddingSearchResource} implements it; content's REST Client extends it. The body is an
 * {@link EmbeddingSearchRequest} as JSON, taken as a tree because insights checks it field by field at its edge (a
 * wrong field is a 400 naming it); a caller sends the record as a tree. {@code authorization} is the caller's
 * service-token header, checked by insights' filter.
 */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
public interface InsightsEmbeddingsApi {

    @POST
    @Path("/embeddings/search")
    @Consumes(MediaType.APPLICATION_JSON)
    EmbeddingSearchResponse search(@HeaderParam("Authorization") String authorization, JsonNode body);
}
