package io.bindery.contracts.identity;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * identity-service's internal read of one team and its members as it is now, for the other services' team
 * projections to read through on a miss (404: the organization has no such team). Identity's
 * {@code InternalTeamsResource} implements it; the projections' REST Client (platform-events) extends it.
 */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
public interface IdentityTeamsApi {

    @GET
    @Path("/orgs/{organizationId}/teams/{teamId}")
    TeamResponse team(@HeaderParam("Authorization") String authorization,
                      @PathParam("organizationId") String organizationId, @PathParam("teamId") String teamId);
}
