package io.bindery.sites.client;

import io.bindery.contracts.insights.AgentInstructionsApi;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * insights-service's internal API as sites calls it (built by {@link InsightsClient}). The paths are insights'
 * contracts in platform-contracts, never written here.
 */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
public interface InsightsApi extends AgentInstructionsApi {
}
