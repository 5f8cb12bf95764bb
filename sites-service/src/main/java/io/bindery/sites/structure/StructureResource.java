package io.bindery.sites.structure;

import io.bindery.commons.auth.Caller;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The whole structure of a site: its sections and groups, nested and in order. */
@Path("/v1/orgs/{organizationId}/sites/{siteId}/structure")
@Produces(MediaType.APPLICATION_JSON)
public class StructureResource {
    @Inject
    Caller caller;
    @Inject
    SiteStructure structure;

    @GET
    public StructureViews.Structure get(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId) {
        return structure.structure(organizationId, caller.userId(), siteId);
    }
}
