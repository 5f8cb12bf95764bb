package io.bindery.contracts.identity;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * identity-service's internal Team objects of some teams as one member sees them (content's team permissions embed
 * them). Identity's {@code InternalTeamViewsResource} implements it; the projections' REST Client (platform-events)
 * extends it. The body is a {@link TeamViewsRequest} as a tree (identity checks it field by field at its edge); the
 * answer, {@code {"items": [Team, ...]}}, is a {@link Response} because its items are identity's public Team
 * objects, which callers embed as they are, not a contract record.
 */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
public interface IdentityTeamViewsApi {

    @POST
    @Path("/orgs/{organizationId}/team-views")
    @Consumes(MediaType.APPLICATION_JSON)
    Response views(@HeaderParam("Authorization") String authorization,
                   @PathParam("organizationId") String organizationId, JsonNode body);
}
