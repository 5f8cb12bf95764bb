package io.bindery.content.client;

import io.bindery.contracts.insights.EmbeddingSearchRequest;
import io.bindery.contracts.insights.EmbeddingSearchResponse;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * insights-service's internal API as content calls it (built by {@link InsightsClient}). {@code authorization} is
 * the service token's header value; a null one is not sent.
 */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface InsightsApi {

    @POST
    @Path("/embeddings/search")
    EmbeddingSearchResponse search(@HeaderParam("Authorization") String authorization, EmbeddingSearchRequest body);
}
