package io.bindery.identity.teams;

import io.bindery.commons.auth.Caller;
import io.bindery.commons.lists.ListPage;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/** The teams one member of an organization belongs to. */
@Path("/v1")
@Produces(MediaType.APPLICATION_JSON)
public class MemberTeamsResource {
    @Inject
    Caller caller;
    @Inject
    TeamMembers teams;

    @GET
    @Path("/orgs/{organizationId}/members/{userId}/teams")
    public ListPage<TeamOfMemberView> list(@PathParam("organizationId") String organizationId,
                                           @PathParam("userId") String userId, @QueryParam("title") String title,
                                           @QueryParam("limit") String limit, @QueryParam("page") String page) {
        return teams.teamsOfMember(organizationId, caller.userId(), userId, title, limit, page);
    }
}
