package io.bindery.insights.instructions;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Caller;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The organization's Docs agent instructions ({@link Instructions}): every member reads them, admins write them. */
@Path("/v1/orgs/{organizationId}/agent-instructions")
@Produces(MediaType.APPLICATION_JSON)
public class AgentInstructionsResource {
    @Inject
    Caller caller;
    @Inject
    Instructions instructions;

    @GET
    public AgentInstructionsView get(@PathParam("organizationId") String org) {
        return instructions.get(org, caller.userId());
    }

    @PUT
    public AgentInstructionsView put(@PathParam("organizationId") String org, JsonNode body) {
        return instructions.put(org, caller.userId(), body);
    }
}
