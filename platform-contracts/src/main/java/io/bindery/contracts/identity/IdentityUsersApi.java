package io.bindery.contracts.identity;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * identity-service's internal read of one user as it is now, for the other services' user directories to read
 * through on a miss (404: no such user). Identity's {@code InternalUsersResource} implements it; the projections'
 * REST Client (platform-events) extends it. {@code authorization} is the caller's service token, checked by
 * identity's filter.
 */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
public interface IdentityUsersApi {

    @GET
    @Path("/users/{userId}")
    UserResponse user(@HeaderParam("Authorization") String authorization, @PathParam("userId") String userId);
}
