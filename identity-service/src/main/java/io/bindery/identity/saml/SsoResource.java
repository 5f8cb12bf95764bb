package io.bindery.identity.saml;

import io.bindery.commons.auth.Caller;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The SSO logins of an organization, for any member (non-members 404). */
@Path("/v1")
@Produces(MediaType.APPLICATION_JSON)
public class SsoResource {
    @Inject
    Caller caller;
    @Inject
    SamlProviders providers;

    @GET
    @Path("/orgs/{organizationId}/sso")
    public SamlLoginList logins(@PathParam("organizationId") String organizationId) {
        return providers.logins(organizationId, caller.userId());
    }
}
