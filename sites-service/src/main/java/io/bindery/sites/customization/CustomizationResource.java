package io.bindery.sites.customization;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Caller;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** A site's customization: read (members), replace (members who manage sites). */
@Path("/v1/orgs/{organizationId}/sites/{siteId}/customization")
@Produces(MediaType.APPLICATION_JSON)
public class CustomizationResource {
    @Inject
    Caller caller;
    @Inject
    SiteCustomizations customizations;

    @GET
    public JsonNode get(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId) {
        return customizations.get(organizationId, caller.userId(), siteId);
    }

    @PUT
    public JsonNode replace(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId, JsonNode body) {
        return customizations.replace(organizationId, caller.userId(), siteId, body);
    }
}
