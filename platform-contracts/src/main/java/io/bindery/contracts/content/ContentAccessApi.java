package io.bindery.contracts.content;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/**
 * content-service's internal access API: a user's role in a space (review), the spaces a user can read (review)
 * and spaces as a user sees them (sites, integrations). Content's {@code InternalAccessResource} implements it and
 * the callers' REST Clients extend it, so the paths are written once. {@code authorization} is the caller's
 * service-token header; content checks it in its filter, the resource does not read it.
 */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
public interface ContentAccessApi {

    @GET
    @Path("/spaces/{spaceId}/access")
    SpaceAccessResponse access(@HeaderParam("Authorization") String authorization, @PathParam("spaceId") String spaceId,
                               @QueryParam("user") String user);

    @GET
    @Path("/orgs/{organizationId}/readable-spaces")
    ReadableSpacesResponse readableSpaces(@HeaderParam("Authorization") String authorization,
                                          @PathParam("organizationId") String organizationId,
                                          @QueryParam("user") String user);

    @POST
    @Path("/orgs/{organizationId}/space-views")
    @Consumes(MediaType.APPLICATION_JSON)
    SpaceViewsResponse spaceViews(@HeaderParam("Authorization") String authorization,
                                  @PathParam("organizationId") String organizationId, SpaceViewsRequest body);
}
