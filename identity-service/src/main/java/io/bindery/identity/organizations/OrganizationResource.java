package io.bindery.identity.organizations;

import io.bindery.identity.users.Users;
import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Caller;
import io.bindery.commons.json.JsonBody;
import io.bindery.commons.lists.ListPage;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.util.Map;

/** Organizations: /v1/orgs, /v1/orgs/{o}, join and ping. */
@Path("/v1")
@Produces(MediaType.APPLICATION_JSON)
public class OrganizationResource {
    @Inject
    Caller caller;
    @Inject
    Users users;
    @Inject
    Organizations organizations;
    @Inject
    Memberships members;

    @GET
    @Path("/orgs")
    public ListPage<OrganizationView> list(@QueryParam("limit") Integer limit, @QueryParam("page") String page) {
        return organizations.listForCaller(caller.userId(), limit, page);
    }

    @POST
    @Path("/orgs")
    public Response create(CreateOrganizationRequest body) {
        users.get(caller.userId());
        return Response.status(201).entity(organizations.create(caller.userId(), body)).build();
    }

    @GET
    @Path("/orgs/{organizationId}")
    public OrganizationView get(@PathParam("organizationId") String orgId) {
        return organizations.get(orgId, caller.userId());
    }

    @PATCH
    @Path("/orgs/{organizationId}")
    public OrganizationView patch(@PathParam("organizationId") String orgId, JsonNode body) {
        return organizations.patch(orgId, caller.userId(), JsonBody.of(body));
    }

    @POST
    @Path("/orgs/{organizationId}/join")
    public Response join(@PathParam("organizationId") String orgId) {
        organizations.join(orgId, caller.userId());
        return Response.noContent().build();
    }

    /** Updates the caller's last-seen time. serviceVisitorClaims is not issued (no visitor auth yet). */
    @POST
    @Path("/orgs/{organizationId}/ping")
    public Map<String, Object> ping(@PathParam("organizationId") String orgId) {
        members.ping(orgId, caller.userId());
        return Map.of();
    }
}
