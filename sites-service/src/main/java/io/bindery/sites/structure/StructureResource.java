package io.bindery.sites.structure;

import io.bindery.commons.auth.Caller;
import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.sites.sitespace.CallerSpaces;
import jakarta.inject.Inject;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The whole structure of a site: its sections and groups (or its site spaces), nested and in order; sorting it. */
@Path("/v1/orgs/{organizationId}/sites/{siteId}/structure")
@Produces(MediaType.APPLICATION_JSON)
public class StructureResource {
    @Inject
    Caller caller;
    @Inject
    SiteStructure structure;
    @Inject
    CallerSpaces callerSpaces;

    @GET
    public JsonNode get(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId) {
        return callerSpaces.embed(organizationId, caller.userId(), structure.structure(organizationId, caller.userId(), siteId));
    }

    /** Moves a site space, section or group among its siblings (replaces the deprecated site-space move). */
    @PATCH
    @Path("/sort")
    public JsonNode sort(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId, JsonNode body) {
        return callerSpaces.embed(organizationId, caller.userId(),
                structure.sort(organizationId, caller.userId(), siteId, StructureRequests.Sort.from(body)));
    }
}
