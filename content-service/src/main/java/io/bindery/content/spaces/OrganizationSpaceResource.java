package io.bindery.content.spaces;

import io.bindery.content.items.SpaceView;
import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Caller;
import io.bindery.commons.lists.ListPage;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** Spaces of an organization: list and create, and the spaces a member can reach. */
@Path("/v1/orgs/{organizationId}")
@Produces(MediaType.APPLICATION_JSON)
public class OrganizationSpaceResource {
    @Inject
    Caller caller;
    @Inject
    Spaces spaces;

    @GET
    @Path("/spaces")
    public ListPage<SpaceView> list(@PathParam("organizationId") String organizationId, @QueryParam("limit") String limit,
                                    @QueryParam("page") String page) {
        return spaces.list(organizationId, caller.userId(), limit, page);
    }

    @POST
    @Path("/spaces")
    public Response create(@PathParam("organizationId") String organizationId, JsonNode body) {
        return Response.status(201).entity(spaces.create(organizationId, caller.userId(), CreateSpaceRequest.from(body))).build();
    }

    @GET
    @Path("/members/{userId}/spaces")
    public ListPage<MemberSpaceView> ofMember(@PathParam("organizationId") String organizationId, @PathParam("userId") String userId,
                                              @QueryParam("limit") String limit, @QueryParam("page") String page,
                                              @QueryParam("order") String order) {
        return spaces.ofMember(organizationId, caller.userId(), userId, limit, page, order);
    }
}
