package io.bindery.identity.members;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Caller;
import io.bindery.commons.lists.ListPage;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** Members of an organization: /v1/orgs/{o}/members[/{userId}]. */
@Path("/v1")
@Produces(MediaType.APPLICATION_JSON)
public class MemberResource {
    @Inject
    Caller caller;
    @Inject
    Members members;

    @GET
    @Path("/orgs/{organizationId}/members")
    public ListPage<MemberView> list(@PathParam("organizationId") String orgId, @QueryParam("limit") Integer limit,
                                     @QueryParam("page") String page, @QueryParam("order") String order,
                                     @QueryParam("role") String role, @QueryParam("search") String search,
                                     @QueryParam("sort") String sort) {
        return members.list(orgId, caller.userId(), new Members.ListQuery(role, search, sort, order, limit, page));
    }

    @GET
    @Path("/orgs/{organizationId}/members/{userId}")
    public MemberView get(@PathParam("organizationId") String orgId, @PathParam("userId") String userId) {
        return members.get(orgId, caller.userId(), userId);
    }

    @PATCH
    @Path("/orgs/{organizationId}/members/{userId}")
    public MemberView patch(@PathParam("organizationId") String orgId, @PathParam("userId") String userId, JsonNode body) {
        return members.changeRole(orgId, caller.userId(), userId, MemberRoleRequest.from(body));
    }

    @DELETE
    @Path("/orgs/{organizationId}/members/{userId}")
    public Response remove(@PathParam("organizationId") String orgId, @PathParam("userId") String userId) {
        members.remove(orgId, caller.userId(), userId);
        return Response.noContent().build();
    }
}
