package io.bindery.contracts.identity;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * identity-service's internal read of one membership as it is now, for the other services' membership projections
 * to read through on a miss (404: not a member). Identity's {@code InternalMembershipsResource} implements it; the
 * projections' REST Client (platform-events) extends it.
 */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
public interface IdentityMembershipsApi {

    @GET
    @Path("/orgs/{organizationId}/members/{userId}")
    MembershipResponse membership(@HeaderParam("Authorization") String authorization,
                                  @PathParam("organizationId") String organizationId, @PathParam("userId") String userId);
}
