package io.bindery.contracts.insights;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * insights-service's internal agent-instructions read: an organization's instructions as markdown (sites ends
 * every page it serves to agents with them). Insights' {@code AgentInstructionsInternalResource} implements it;
 * sites' REST Client extends it. {@code authorization} is the caller's service-token header, checked by insights'
 * filter.
 */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
public interface AgentInstructionsApi {

    @GET
    @Path("/orgs/{organizationId}/agent-instructions")
    AgentInstructionsMarkdown agentInstructions(@HeaderParam("Authorization") String authorization,
                                                @PathParam("organizationId") String organizationId);
}
