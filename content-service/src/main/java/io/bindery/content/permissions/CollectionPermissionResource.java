package io.bindery.content.permissions;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Caller;
import io.bindery.commons.lists.ListPage;
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
 * Team grants and invitations on a collection: {@code /collections/{c}/permissions[/teams[/{t}]]} (user grants are
 * CollectionResource's).
 */
@Path("/v1/collections/{collectionId}")
@Produces(MediaType.APPLICATION_JSON)
public class CollectionPermissionResource {
    @Inject
    Caller caller;
    @Inject
    TeamGrants teamGrants;

    @POST
    @Path("/permissions")
    public Response inviteToCollection(@PathParam("collectionId") String collectionId, JsonNode body) {
        teamGrants.invite("collection", collectionId, caller.userId(), InviteRequest.from(body));
        return Response.noContent().build();
    }

    @GET
    @Path("/permissions/teams")
    public ListPage<TeamPermissionView> collectionTeams(@PathParam("collectionId") String collectionId,
                                                        @QueryParam("limit") String limit, @QueryParam("page") String page) {
        return teamGrants.list("collection", collectionId, caller.userId(), limit, page);
    }

    @PATCH
    @Path("/permissions/teams/{teamId}")
    public Response setCollectionTeam(@PathParam("collectionId") String collectionId, @PathParam("teamId") String teamId,
                                      JsonNode body) {
        teamGrants.set("collection", collectionId, caller.userId(), teamId, RoleRequest.from(body));
        return Response.noContent().build();
    }

    @DELETE
    @Path("/permissions/teams/{teamId}")
    public Response removeCollectionTeam(@PathParam("collectionId") String collectionId, @PathParam("teamId") String teamId) {
        return Response.status(teamGrants.remove("collection", collectionId, caller.userId(), teamId) ? 205 : 204).build();
    }
}
