package io.bindery.identity.teams;

import io.bindery.commons.auth.Caller;
import io.bindery.commons.lists.ListPage;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** Members of a team: list, batch update, add or re-role one, remove one. */
@Path("/v1")
@Produces(MediaType.APPLICATION_JSON)
public class TeamMemberResource {
    @Inject
    Caller caller;
    @Inject
    TeamMembers teams;

    @GET
    @Path("/orgs/{organizationId}/teams/{teamId}/members")
    public ListPage<TeamMemberView> list(@PathParam("organizationId") String organizationId,
                                         @PathParam("teamId") String teamId,
                                         @QueryParam("limit") String limit, @QueryParam("page") String page) {
        return teams.listMembers(organizationId, caller.userId(), teamId, limit, page);
    }

    @PUT
    @Path("/orgs/{organizationId}/teams/{teamId}/members")
    public Response update(@PathParam("organizationId") String organizationId, @PathParam("teamId") String teamId,
                           TeamMembersUpdateRequest body) {
        teams.updateMembers(organizationId, caller.userId(), teamId, body);
        return Response.noContent().build();
    }

    @PUT
    @Path("/orgs/{organizationId}/teams/{teamId}/members/{userId}")
    public Response put(@PathParam("organizationId") String organizationId, @PathParam("teamId") String teamId,
                        @PathParam("userId") String userId, TeamMemberRoleRequest body) {
        teams.putMember(organizationId, caller.userId(), teamId, userId, body);
        return Response.noContent().build();
    }

    @DELETE
    @Path("/orgs/{organizationId}/teams/{teamId}/members/{userId}")
    public Response remove(@PathParam("organizationId") String organizationId, @PathParam("teamId") String teamId,
                           @PathParam("userId") String userId) {
        teams.removeMember(organizationId, caller.userId(), teamId, userId);
        return Response.noContent().build();
    }
}
