package io.bindery.content.client;

import io.bindery.contracts.insights.InsightsEmbeddingsApi;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * insights-service's internal API as content calls it (built by {@link InsightsClient}). {@code authorization} is
 * the service token's header value; a null one is not sent. The paths are insights' contract in
 * platform-contracts, never written here.
 */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
public interface InsightsApi extends InsightsEmbeddingsApi {
}
