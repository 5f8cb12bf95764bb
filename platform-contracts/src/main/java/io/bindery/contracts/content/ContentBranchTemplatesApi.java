package io.bindery.contracts.content;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * content-service's internal API that writes a change request's branch from its template catalogue: creating the
 * branch (optionally starting with a template) and applying a template to one. Content's
 * {@code InternalTemplateResource} implements it (apart from {@link ContentBranchesApi} because templates build on
 * branches); review's REST Client extends it. Both answer 201, hence {@link Response} (a caller reads the entity): a
 * create with the branch as a {@link BranchResponse}, a template with {@code {revision, changeRequest}}. Bodies are taken as trees because content checks them field by
 * field at its edge: a create is a {@link BranchCreateRequest}, which a caller sends as a tree; a template is
 * {@code {id, createdBy}}. {@code authorization} is the caller's service-token header, checked by content's filter.
 */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
public interface ContentBranchTemplatesApi {

    /** A new branch for a change request; an unknown {@code template} is a 400 and creates nothing. */
    @POST
    @Path("/spaces/{spaceId}/branches")
    @Consumes(MediaType.APPLICATION_JSON)
    Response createBranch(@HeaderParam("Authorization") String authorization, @PathParam("spaceId") String spaceId,
                          JsonNode body);

    /** A catalogue template written on the branch as a new head by {@code createdBy}. */
    @POST
    @Path("/spaces/{spaceId}/branches/{branch}/template")
    @Consumes(MediaType.APPLICATION_JSON)
    Response applyTemplate(@HeaderParam("Authorization") String authorization, @PathParam("spaceId") String spaceId,
                           @PathParam("branch") String branch, JsonNode body);
}
