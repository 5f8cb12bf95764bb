package io.bindery.identity.members;

import io.bindery.commons.auth.Caller;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** Marks a member as an SSO member of the organization (org admins only); answers the Member. */
@Path("/v1")
@Produces(MediaType.APPLICATION_JSON)
public class MemberSsoResource {
    @Inject
    Caller caller;
    @Inject
    Members members;

    @POST
    @Path("/orgs/{organizationId}/members/{userId}/sso")
    public MemberView markSso(@PathParam("organizationId") String organizationId, @PathParam("userId") String userId) {
        return members.markSso(organizationId, caller.userId(), userId);
    }
}
