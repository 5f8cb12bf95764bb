package io.bindery.sites.structure;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Caller;
import io.bindery.commons.lists.Limits;
import io.bindery.sites.sitespace.CallerSpaces;
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

/** Sections of a site: list, create, patch, delete, move. */
@Path("/v1/orgs/{organizationId}/sites/{siteId}/sections")
@Produces(MediaType.APPLICATION_JSON)
public class SectionResource {
    @Inject
    Caller caller;
    @Inject
    SiteStructure structure;
    @Inject
    CallerSpaces callerSpaces;

    @GET
    public JsonNode list(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId,
                                 @QueryParam("page") String page, @QueryParam("limit") String limit) {
        return callerSpaces.embed(organizationId, caller.userId(), structure.list(organizationId, caller.userId(), siteId, StructureItem.SECTION, page, Limits.parse(limit)));
    }

    @POST
    public Response create(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId, JsonNode body) {
        return Response.status(201).entity(callerSpaces.embed(organizationId, caller.userId(), structure.createSection(organizationId, caller.userId(), siteId,
                StructureRequests.CreateSection.from(body)))).build();
    }

    @PATCH
    @Path("/{siteSectionId}")
    public JsonNode update(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId,
                                             @PathParam("siteSectionId") String sectionId, JsonNode body) {
        return callerSpaces.embed(organizationId, caller.userId(), structure.updateSection(organizationId, caller.userId(), siteId, sectionId, StructureRequests.UpdateSection.from(body)));
    }

    @DELETE
    @Path("/{siteSectionId}")
    public Response delete(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId,
                           @PathParam("siteSectionId") String sectionId) {
        structure.deleteSection(organizationId, caller.userId(), siteId, sectionId);
        return Response.noContent().build();
    }

    @POST
    @Path("/{siteSectionId}/move")
    public JsonNode move(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId,
                                           @PathParam("siteSectionId") String sectionId, JsonNode body) {
        StructureItem s = structure.move(organizationId, caller.userId(), siteId, StructureItem.SECTION, sectionId,
                StructureRequests.Move.optional(body));
        return callerSpaces.embed(organizationId, caller.userId(), structure.sectionView(organizationId, siteId, s));
    }
}
