package io.bindery.sites.client;

import io.bindery.contracts.insights.AgentInstructionsMarkdown;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** insights-service's internal API as sites calls it (built by {@link InsightsClient}). */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
public interface InsightsApi {

    @GET
    @Path("/orgs/{organization}/agent-instructions")
    AgentInstructionsMarkdown agentInstructions(@HeaderParam("Authorization") String authorization,
                                                @PathParam("organization") String organization);
}
