package io.bindery.identity.teams;

import io.bindery.commons.auth.Caller;
import io.bindery.commons.lists.ListPage;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** Teams of an organization: list, create (PUT, as in GitBook's API), read, rename, delete. */
@Path("/v1")
@Produces(MediaType.APPLICATION_JSON)
public class TeamResource {
    @Inject
    Caller caller;
    @Inject
    Teams teams;

    @GET
    @Path("/orgs/{organizationId}/teams")
    public ListPage<TeamView> list(@PathParam("organizationId") String organizationId, @QueryParam("title") String title,
                                   @QueryParam("owner") String owner, @QueryParam("limit") String limit,
                                   @QueryParam("page") String page) {
        return teams.list(organizationId, caller.userId(), title, owner, limit, page);
    }

    @PUT
    @Path("/orgs/{organizationId}/teams")
    public Response create(@PathParam("organizationId") String organizationId, TeamCreateRequest body) {
        return Response.status(201).entity(teams.create(organizationId, caller.userId(), body)).build();
    }

    @GET
    @Path("/orgs/{organizationId}/teams/{teamId}")
    public TeamView get(@PathParam("organizationId") String organizationId, @PathParam("teamId") String teamId) {
        return teams.get(organizationId, caller.userId(), teamId);
    }

    @PATCH
    @Path("/orgs/{organizationId}/teams/{teamId}")
    public TeamView update(@PathParam("organizationId") String organizationId, @PathParam("teamId") String teamId,
                           TeamUpdateRequest body) {
        return teams.update(organizationId, caller.userId(), teamId, body);
    }

    @DELETE
    @Path("/orgs/{organizationId}/teams/{teamId}")
    public Response delete(@PathParam("organizationId") String organizationId, @PathParam("teamId") String teamId) {
        teams.delete(organizationId, caller.userId(), teamId);
        return Response.noContent().build();
    }
}
