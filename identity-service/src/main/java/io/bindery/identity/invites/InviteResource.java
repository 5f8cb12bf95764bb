package io.bindery.identity.invites;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Caller;
import io.bindery.commons.json.JsonBody;
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
 * Invites. {@code POST /orgs/{o}/invites} takes GitBook's e-mail invite body ({emails, role?, sso?} → {users,
 * invited}); a body with only {role} creates an invite link instead (201 Invite), the one that
 * {@code DELETE /orgs/{o}/link-invites/{id}} removes. {@code /link-invites} is the invite-link API proper, and
 * {@code POST /orgs/{o}/invites/{inviteId}} joins with a link.
 */
@Path("/v1")
@Produces(MediaType.APPLICATION_JSON)
public class InviteResource {
    @Inject
    Caller caller;
    @Inject
    Invites invites;

    @POST
    @Path("/orgs/{organizationId}/invites")
    public Response invite(@PathParam("organizationId") String orgId, JsonNode body) {
        JsonBody b = JsonBody.of(body);
        if (!b.has("emails") && b.has("role")) {
            return Response.status(201).entity(invites.createLink(orgId, caller.userId(), b)).build();
        }
        return Response.ok(invites.inviteByEmail(orgId, caller.userId(), b)).build();
    }

    @POST
    @Path("/orgs/{organizationId}/invites/{inviteId}")
    public Response joinWithInvite(@PathParam("organizationId") String orgId, @PathParam("inviteId") String inviteId) {
        invites.joinWithLink(orgId, caller.userId(), inviteId);
        return Response.ok(java.util.Map.of()).build();
    }

    @GET
    @Path("/orgs/{organizationId}/link-invites")
    public ListPage<InviteView> listLinks(@PathParam("organizationId") String orgId, @QueryParam("limit") Integer limit,
                                          @QueryParam("page") String page) {
        return invites.listLinks(orgId, caller.userId(), limit, page);
    }

    @POST
    @Path("/orgs/{organizationId}/link-invites")
    public Response createLink(@PathParam("organizationId") String orgId, JsonNode body) {
        return Response.status(201).entity(invites.createLink(orgId, caller.userId(), JsonBody.of(body))).build();
    }

    @GET
    @Path("/orgs/{organizationId}/link-invites/{inviteId}")
    public InviteView getLink(@PathParam("organizationId") String orgId, @PathParam("inviteId") String inviteId) {
        return invites.getLink(orgId, caller.userId(), inviteId);
    }

    @PATCH
    @Path("/orgs/{organizationId}/link-invites/{inviteId}")
    public InviteView updateLink(@PathParam("organizationId") String orgId, @PathParam("inviteId") String inviteId,
                                 JsonNode body) {
        return invites.updateLink(orgId, caller.userId(), inviteId, JsonBody.of(body));
    }

    @DELETE
    @Path("/orgs/{organizationId}/link-invites/{inviteId}")
    public Response deleteLink(@PathParam("organizationId") String orgId, @PathParam("inviteId") String inviteId) {
        invites.deleteLink(orgId, caller.userId(), inviteId);
        return Response.noContent().build();
    }
}
