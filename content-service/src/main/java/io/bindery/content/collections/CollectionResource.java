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

/** Collections of an organization: CRUD, their spaces, move, transfer and per-user grants. */
@Path("/v1")
@Produces(MediaType.APPLICATION_JSON)
public class CollectionResource {
    @Inject
    Caller caller;
    @Inject
    CollectionService collections;
    @Inject
    UserGrants grants;

    @GET
    @Path("/orgs/{organizationId}/collections")
    public ListPage<CollectionView> list(@PathParam("organizationId") String organizationId, @QueryParam("nested") String nested,
                                         @QueryParam("limit") String limit, @QueryParam("page") String page) {
        return collections.list(organizationId, caller.userId(), nested, limit, page);
    }

    @POST
    @Path("/orgs/{organizationId}/collections")
    public Response create(@PathParam("organizationId") String organizationId, JsonNode body) {
        return Response.status(201).entity(collections.create(organizationId, caller.userId(), CreateCollectionRequest.from(body))).build();
    }

    @GET
    @Path("/collections/{collectionId}")
    public CollectionView get(@PathParam("collectionId") String collectionId) {
        return collections.get(collectionId, caller.userId());
    }

    @PATCH
    @Path("/collections/{collectionId}")
    public CollectionView update(@PathParam("collectionId") String collectionId, JsonNode body) {
        return collections.update(collectionId, caller.userId(), UpdateCollectionRequest.from(body));
    }

    @DELETE
    @Path("/collections/{collectionId}")
    public Response delete(@PathParam("collectionId") String collectionId) {
        collections.delete(collectionId, caller.userId());
        return Response.noContent().build();
    }

    @GET
    @Path("/collections/{collectionId}/spaces")
    public ListPage<SpaceView> spaces(@PathParam("collectionId") String collectionId, @QueryParam("limit") String limit,
                                      @QueryParam("page") String page) {
        return collections.spaces(collectionId, caller.userId(), limit, page);
    }

    @POST
    @Path("/collections/{collectionId}/move")
    public CollectionView move(@PathParam("collectionId") String collectionId, JsonNode body) {
        return collections.move(collectionId, caller.userId(), MoveRequest.from(body));
    }

    @POST
    @Path("/collections/{collectionId}/transfer")
    public CollectionView transfer(@PathParam("collectionId") String collectionId, JsonNode body) {
        return collections.transfer(collectionId, caller.userId(), TransferRequest.from(body));
    }

    @GET
    @Path("/collections/{collectionId}/permissions/users")
    public ListPage<UserPermissionView> grants(@PathParam("collectionId") String collectionId, @QueryParam("limit") String limit,
                                               @QueryParam("page") String page) {
        return grants.list("collection", collectionId, caller.userId(), limit, page);
    }

    @PATCH
    @Path("/collections/{collectionId}/permissions/users/{userId}")
    public Response grant(@PathParam("collectionId") String collectionId, @PathParam("userId") String userId, JsonNode body) {
        grants.set("collection", collectionId, caller.userId(), userId, RoleRequest.from(body));
        return Response.noContent().build();
    }

    @DELETE
    @Path("/collections/{collectionId}/permissions/users/{userId}")
    public Response revoke(@PathParam("collectionId") String collectionId, @PathParam("userId") String userId) {
        grants.remove("collection", collectionId, caller.userId(), userId);
        return Response.noContent().build();
    }
}
