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

/**
 * A space: read, update, delete/restore, duplicate, move, transfer, user grants (an organization's list and create are
 * OrganizationSpaceResource's).
 * <p>Every public resource of content-service sits at its route's prefix with the first id in it ({@code /v1/spaces/{spaceId}},
 * {@code /v1/orgs/{organizationId}}, {@code /v1/collections/{collectionId}}), not at {@code /v1}: RESTEasy Reactive
 * merges the methods of classes with one path and tries a request against every method template that shares the
 * literal start of its own ({@code /spaces/} for all 40-odd space routes, longest first), which was ~10 % of
 * content-service's CPU on {@code GET /v1/spaces/{id}} (JFR, issue 29). At the prefix, the class is found by it and
 * the method by what follows.
 */
@Path("/v1/spaces/{spaceId}")
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

    /** {@code shareKey} resolves share-link published URLs in GitBook; Bindery has no published sites yet. */
    @GET
    public SpaceView get(@PathParam("spaceId") String spaceId, @QueryParam("shareKey") String shareKey) {
        return spaces.get(spaceId, caller.userId());
    }

    @PATCH
    public SpaceView update(@PathParam("spaceId") String spaceId, JsonNode body) {
        return spaces.update(spaceId, caller.userId(), UpdateSpaceRequest.from(body));
    }

    @DELETE
    public Response delete(@PathParam("spaceId") String spaceId) {
        trash.delete(spaceId, caller.userId());
        return Response.noContent().build();
    }

    @POST
    @Path("/restore")
    public SpaceView restore(@PathParam("spaceId") String spaceId) {
        return trash.restore(spaceId, caller.userId());
    }

    @POST
    @Path("/duplicate")
    public Response duplicate(@PathParam("spaceId") String spaceId) {
        return Response.status(201).entity(spaces.duplicate(spaceId, caller.userId())).build();
    }

    @POST
    @Path("/move")
    public SpaceView move(@PathParam("spaceId") String spaceId, JsonNode body) {
        return spaces.move(spaceId, caller.userId(), MoveRequest.from(body));
    }

    @POST
    @Path("/transfer")
    public SpaceView transfer(@PathParam("spaceId") String spaceId, JsonNode body) {
        return spaces.transfer(spaceId, caller.userId(), TransferRequest.from(body));
    }

    @GET
    @Path("/permissions/users")
    public ListPage<UserPermissionView> grants(@PathParam("spaceId") String spaceId, @QueryParam("limit") String limit,
                                               @QueryParam("page") String page) {
        return grants.list("space", spaceId, caller.userId(), limit, page);
    }

    @PATCH
    @Path("/permissions/users/{userId}")
    public Response grant(@PathParam("spaceId") String spaceId, @PathParam("userId") String userId, JsonNode body) {
        grants.set("space", spaceId, caller.userId(), userId, RoleRequest.from(body));
        return Response.noContent().build();
    }

    @DELETE
    @Path("/permissions/users/{userId}")
    public Response revoke(@PathParam("spaceId") String spaceId, @PathParam("userId") String userId) {
        grants.remove("space", spaceId, caller.userId(), userId);
        return Response.noContent().build();
    }
}
