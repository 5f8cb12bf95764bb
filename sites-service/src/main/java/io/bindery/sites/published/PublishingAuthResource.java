package io.bindery.sites.published;

import io.bindery.commons.auth.Caller;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The key a visitor-auth site's owner signs visitor tokens with, and its replacement. */
@Path("/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth")
@Produces(MediaType.APPLICATION_JSON)
public class PublishingAuthResource {
    @Inject
    Caller caller;
    @Inject
    VisitorAuth auth;

    @GET
    public VisitorAuth.PublishingAuth get(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId) {
        return auth.get(organizationId, caller.userId(), siteId);
    }

    @POST
    @Path("/regenerate")
    public VisitorAuth.PublishingAuth regenerate(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId) {
        return auth.regenerate(organizationId, caller.userId(), siteId);
    }
}
