package io.bindery.sites.sitespaces;

import io.bindery.sites.sitespace.CallerSpaces;
import io.bindery.sites.sitespace.SiteSpaceView;
import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Caller;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.lists.Limits;
import io.bindery.sites.structure.StructureRequests;
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

import java.util.Optional;

/**
 * Site spaces: the spaces a site publishes. Each response shows the spaces as the caller sees them in content
 * ({@link CallerSpaces}).
 */
@Path("/v1/orgs/{organizationId}/sites/{siteId}/site-spaces")
@Produces(MediaType.APPLICATION_JSON)
public class SiteSpaceResource {
    @Inject
    Caller caller;
    @Inject
    SiteSpaces siteSpaces;
    @Inject
    CallerSpaces callerSpaces;

    @GET
    public JsonNode list(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId,
                         @QueryParam("page") String page, @QueryParam("limit") String limit,
                         @QueryParam("default") String isDefault) {
        Boolean only = isDefault == null ? null : switch (isDefault) {
            case "true" -> true;
            case "false" -> false;
            default -> throw ApiException.badRequest("default must be true or false");
        };
        return callerSpaces.embed(organizationId, caller.userId(),
                siteSpaces.list(organizationId, caller.userId(), siteId, only, page, Limits.parse(limit)));
    }

    @POST
    public Response add(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId, JsonNode body) {
        SiteSpaceView added = siteSpaces.add(organizationId, caller.userId(), siteId, SiteSpaceRequests.Add.from(body));
        return Response.status(201).entity(callerSpaces.embed(organizationId, caller.userId(), added)).build();
    }

    @PATCH
    @Path("/{siteSpaceId}")
    public JsonNode update(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId,
                           @PathParam("siteSpaceId") String siteSpaceId, JsonNode body) {
        SiteSpaceView updated = siteSpaces.update(organizationId, caller.userId(), siteId, siteSpaceId,
                SiteSpaceRequests.Update.from(body));
        return callerSpaces.embed(organizationId, caller.userId(), updated);
    }

    @DELETE
    @Path("/{siteSpaceId}")
    public Response delete(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId,
                           @PathParam("siteSpaceId") String siteSpaceId) {
        siteSpaces.delete(organizationId, caller.userId(), siteId, siteSpaceId);
        return Response.noContent().build();
    }

    /** GitBook's deprecated move; PATCH …/structure/sort replaces it. */
    @POST
    @Path("/{siteSpaceId}/move")
    public JsonNode move(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId,
                         @PathParam("siteSpaceId") String siteSpaceId, JsonNode body) {
        Optional<StructureRequests.Move> position = body != null && body.hasNonNull("position")
                ? Optional.of(StructureRequests.Move.from(body)) : Optional.empty();
        return callerSpaces.embed(organizationId, caller.userId(),
                siteSpaces.move(organizationId, caller.userId(), siteId, siteSpaceId, position));
    }
}
