package io.bindery.content.spaces;

import io.bindery.content.items.SpaceView;
import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Caller;
import io.bindery.commons.lists.ListPage;
import io.bindery.content.items.MoveRequest;
import io.bindery.content.items.TransferRequest;
import io.bindery.content.permissions.RoleRequest;
import io.bindery.content.permissions.UserPermissionView;
import io.bindery.content.permissions.UserGrants;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** Spaces: create and list per organization, read, update, delete/restore, duplicate, move, transfer, grants. */
@Path("/v1")
@Produces(MediaType.APPLICATION_JSON)
public class SpaceResource {
    @Inject
    Caller caller;
    @Inject
    Spaces spaces;
    @Inject
    SpaceTrash trash;
    @Inject
    UserGrants grants;

    @GET
    @Path("/orgs/{organizationId}/spaces")
    public ListPage<SpaceView> list(@PathParam("organizationId") String organizationId, @QueryParam("limit") String limit,
                                    @QueryParam("page") String page) {
        return spaces.list(organizationId, caller.userId(), limit, page);
    }

    @POST
    @Path("/orgs/{organizationId}/spaces")
    public Response create(@PathParam("organizationId") String organizationId, JsonNode body) {
        return Response.status(201).entity(spaces.create(organizationId, caller.userId(), CreateSpaceRequest.from(body))).build();
    }

    @GET
    @Path("/orgs/{organizationId}/members/{userId}/spaces")
    public ListPage<MemberSpaceView> ofMember(@PathParam("organizationId") String organizationId, @PathParam("userId") String userId,
                                              @QueryParam("limit") String limit, @QueryParam("page") String page,
                                              @QueryParam("order") String order) {
        return spaces.ofMember(organizationId, caller.userId(), userId, limit, page, order);
    }

    /** {@code shareKey} resolves share-link published URLs in GitBook; Bindery has no published sites yet. */
    @GET
    @Path("/spaces/{spaceId}")
    public SpaceView get(@PathParam("spaceId") String spaceId, @QueryParam("shareKey") String shareKey) {
        return spaces.get(spaceId, caller.userId());
    }

    @PATCH
    @Path("/spaces/{spaceId}")
    public SpaceView update(@PathParam("spaceId") String spaceId, JsonNode body) {
        return spaces.update(spaceId, caller.userId(), UpdateSpaceRequest.from(body));
    }

    @DELETE
    @Path("/spaces/{spaceId}")
    public Response delete(@PathParam("spaceId") String spaceId) {
        trash.delete(spaceId, caller.userId());
        return Response.noContent().build();
    }

    @POST
    @Path("/spaces/{spaceId}/restore")
    public SpaceView restore(@PathParam("spaceId") String spaceId) {
        return trash.restore(spaceId, caller.userId());
    }

    @POST
    @Path("/spaces/{spaceId}/duplicate")
    public Response duplicate(@PathParam("spaceId") String spaceId) {
        return Response.status(201).entity(spaces.duplicate(spaceId, caller.userId())).build();
    }

    @POST
    @Path("/spaces/{spaceId}/move")
    public SpaceView move(@PathParam("spaceId") String spaceId, JsonNode body) {
        return spaces.move(spaceId, caller.userId(), MoveRequest.from(body));
    }

    @POST
    @Path("/spaces/{spaceId}/transfer")
    public SpaceView transfer(@PathParam("spaceId") String spaceId, JsonNode body) {
        return spaces.transfer(spaceId, caller.userId(), TransferRequest.from(body));
    }

    @GET
    @Path("/spaces/{spaceId}/permissions/users")
    public ListPage<UserPermissionView> grants(@PathParam("spaceId") String spaceId, @QueryParam("limit") String limit,
                                               @QueryParam("page") String page) {
        return grants.list("space", spaceId, caller.userId(), limit, page);
    }

    @PATCH
    @Path("/spaces/{spaceId}/permissions/users/{userId}")
    public Response grant(@PathParam("spaceId") String spaceId, @PathParam("userId") String userId, JsonNode body) {
        grants.set("space", spaceId, caller.userId(), userId, RoleRequest.from(body));
        return Response.noContent().build();
    }

    @DELETE
    @Path("/spaces/{spaceId}/permissions/users/{userId}")
    public Response revoke(@PathParam("spaceId") String spaceId, @PathParam("userId") String userId) {
        grants.remove("space", spaceId, caller.userId(), userId);
        return Response.noContent().build();
    }
}
