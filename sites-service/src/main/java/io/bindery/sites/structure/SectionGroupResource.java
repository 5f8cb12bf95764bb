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

/** Section groups of a site: list, create, patch, delete, move, and putting sections in and out. */
@Path("/v1/orgs/{organizationId}/sites/{siteId}/section-groups")
@Produces(MediaType.APPLICATION_JSON)
public class SectionGroupResource {
    @Inject
    Caller caller;
    @Inject
    SiteStructure structure;
    @Inject
    CallerSpaces callerSpaces;

    @GET
    public JsonNode list(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId,
                                 @QueryParam("page") String page, @QueryParam("limit") String limit) {
        return callerSpaces.embed(organizationId, caller.userId(), structure.list(organizationId, caller.userId(), siteId, StructureItem.GROUP, page, Limits.parse(limit)));
    }

    @POST
    public Response create(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId, JsonNode body) {
        return Response.status(201).entity(callerSpaces.embed(organizationId, caller.userId(), structure.createGroup(organizationId, caller.userId(), siteId,
                StructureRequests.CreateGroup.from(body)))).build();
    }

    @PATCH
    @Path("/{siteSectionGroupId}")
    public JsonNode update(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId,
                                           @PathParam("siteSectionGroupId") String groupId, JsonNode body) {
        return callerSpaces.embed(organizationId, caller.userId(), structure.updateGroup(organizationId, caller.userId(), siteId, groupId, StructureRequests.UpdateGroup.from(body)));
    }

    @DELETE
    @Path("/{siteSectionGroupId}")
    public Response delete(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId,
                           @PathParam("siteSectionGroupId") String groupId) {
        structure.deleteGroup(organizationId, caller.userId(), siteId, groupId);
        return Response.noContent().build();
    }

    @POST
    @Path("/{siteSectionGroupId}/sections")
    public Response addSection(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId,
                               @PathParam("siteSectionGroupId") String groupId, JsonNode body) {
        // 201, as GitBook documents addSiteSectionToGroup
        return Response.status(201).entity(callerSpaces.embed(organizationId, caller.userId(), structure.addToGroup(
                organizationId, caller.userId(), siteId, groupId, StructureRequests.AddSection.from(body).sectionId()))).build();
    }

    @DELETE
    @Path("/{siteSectionGroupId}/sections/{siteSectionId}")
    public Response removeSection(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId,
                                  @PathParam("siteSectionGroupId") String groupId, @PathParam("siteSectionId") String sectionId) {
        structure.removeFromGroup(organizationId, caller.userId(), siteId, groupId, sectionId);
        return Response.noContent().build();
    }

    @POST
    @Path("/{siteSectionGroupId}/move")
    public JsonNode move(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId,
                                         @PathParam("siteSectionGroupId") String groupId, JsonNode body) {
        StructureItem g = structure.move(organizationId, caller.userId(), siteId, StructureItem.GROUP, groupId,
                StructureRequests.Move.optional(body));
        return callerSpaces.embed(organizationId, caller.userId(), structure.groupView(organizationId, siteId, g));
    }
}
