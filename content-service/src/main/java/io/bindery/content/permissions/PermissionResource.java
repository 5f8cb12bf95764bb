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
 * Team grants and invitations on a space: {@code /spaces/{s}/permissions[/teams[/{t}]]} (a collection's are
 * CollectionPermissionResource's; user grants, {@code …/permissions/users}, are served by SpaceResource and
 * CollectionResource).
 */
@Path("/v1/spaces/{spaceId}")
@Produces(MediaType.APPLICATION_JSON)
public class PermissionResource {
    @Inject
    Caller caller;
    @Inject
    TeamGrants teamGrants;

    @POST
    @Path("/permissions")
    public Response inviteToSpace(@PathParam("spaceId") String spaceId, JsonNode body) {
        teamGrants.invite("space", spaceId, caller.userId(), InviteRequest.from(body));
        return Response.noContent().build();
    }

    @GET
    @Path("/permissions/teams")
    public ListPage<TeamPermissionView> spaceTeams(@PathParam("spaceId") String spaceId, @QueryParam("limit") String limit,
                                                   @QueryParam("page") String page) {
        return teamGrants.list("space", spaceId, caller.userId(), limit, page);
    }

    @PATCH
    @Path("/permissions/teams/{teamId}")
    public Response setSpaceTeam(@PathParam("spaceId") String spaceId, @PathParam("teamId") String teamId, JsonNode body) {
        teamGrants.set("space", spaceId, caller.userId(), teamId, RoleRequest.from(body));
        return Response.noContent().build();
    }

    /** GitBook: 205 when the team was removed, 204 when it had no grant there. */
    @DELETE
    @Path("/permissions/teams/{teamId}")
    public Response removeSpaceTeam(@PathParam("spaceId") String spaceId, @PathParam("teamId") String teamId) {
        return Response.status(teamGrants.remove("space", spaceId, caller.userId(), teamId) ? 205 : 204).build();
    }
}
