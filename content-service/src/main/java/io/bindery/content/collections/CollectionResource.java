package io.bindery.content.collections;

import io.bindery.content.items.CollectionView;
import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Caller;
import io.bindery.commons.lists.ListPage;
import io.bindery.content.items.SpaceView;
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

/** A collection: read, update, delete, its spaces, move, transfer and per-user grants (list and create: OrganizationCollectionResource). */
@Path("/v1/collections/{collectionId}")
@Produces(MediaType.APPLICATION_JSON)
public class CollectionResource {
    @Inject
    Caller caller;
    @Inject
    CollectionService collections;
    @Inject
    UserGrants grants;

    @GET
    public CollectionView get(@PathParam("collectionId") String collectionId) {
        return collections.get(collectionId, caller.userId());
    }

    @PATCH
    public CollectionView update(@PathParam("collectionId") String collectionId, JsonNode body) {
        return collections.update(collectionId, caller.userId(), UpdateCollectionRequest.from(body));
    }

    @DELETE
    public Response delete(@PathParam("collectionId") String collectionId) {
        collections.delete(collectionId, caller.userId());
        return Response.noContent().build();
    }

    @GET
    @Path("/spaces")
    public ListPage<SpaceView> spaces(@PathParam("collectionId") String collectionId, @QueryParam("limit") String limit,
                                      @QueryParam("page") String page) {
        return collections.spaces(collectionId, caller.userId(), limit, page);
    }

    @POST
    @Path("/move")
    public CollectionView move(@PathParam("collectionId") String collectionId, JsonNode body) {
        return collections.move(collectionId, caller.userId(), MoveRequest.from(body));
    }

    @POST
    @Path("/transfer")
    public CollectionView transfer(@PathParam("collectionId") String collectionId, JsonNode body) {
        return collections.transfer(collectionId, caller.userId(), TransferRequest.from(body));
    }

    @GET
    @Path("/permissions/users")
    public ListPage<UserPermissionView> grants(@PathParam("collectionId") String collectionId, @QueryParam("limit") String limit,
                                               @QueryParam("page") String page) {
        return grants.list("collection", collectionId, caller.userId(), limit, page);
    }

    @PATCH
    @Path("/permissions/users/{userId}")
    public Response grant(@PathParam("collectionId") String collectionId, @PathParam("userId") String userId, JsonNode body) {
        grants.set("collection", collectionId, caller.userId(), userId, RoleRequest.from(body));
        return Response.noContent().build();
    }

    @DELETE
    @Path("/permissions/users/{userId}")
    public Response revoke(@PathParam("collectionId") String collectionId, @PathParam("userId") String userId) {
        grants.remove("collection", collectionId, caller.userId(), userId);
        return Response.noContent().build();
    }
}
