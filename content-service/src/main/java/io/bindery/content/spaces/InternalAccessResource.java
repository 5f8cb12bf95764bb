package io.bindery.content.spaces;

import io.bindery.contracts.content.SpaceAccessResponse;
import io.bindery.contracts.content.ReadableSpacesResponse;
import io.bindery.contracts.content.SpaceViewsRequest;
import io.bindery.contracts.content.SpaceViewsResponse;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/**
 * Internal (never routed by the gateway): a user's access to spaces, for the review service, which enforces
 * the same role rule on change requests and comments as content does on content, and spaces as a user sees
 * them, for sites-service's site spaces.
 */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
public class InternalAccessResource {
    @Inject
    InternalAccess access;

    @GET
    @Path("/spaces/{spaceId}/access")
    public SpaceAccessResponse access(@PathParam("spaceId") String spaceId, @QueryParam("user") String user) {
        return access.access(spaceId, user);
    }

    @GET
    @Path("/orgs/{organizationId}/readable-spaces")
    public ReadableSpacesResponse readableSpaces(@PathParam("organizationId") String organizationId,
                                                        @QueryParam("user") String user) {
        return access.readableSpaces(organizationId, user);
    }

    @POST
    @Path("/orgs/{organizationId}/space-views")
    @Consumes(MediaType.APPLICATION_JSON)
    public SpaceViewsResponse spaceViews(@PathParam("organizationId") String organizationId, SpaceViewsRequest request) {
        return access.spaceViews(organizationId, request);
    }
}
