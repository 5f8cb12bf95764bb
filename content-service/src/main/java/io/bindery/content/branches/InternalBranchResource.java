package io.bindery.content.branches;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;
import io.bindery.content.templates.BranchTemplateRequest;
import io.bindery.content.templates.Templates;
import jakarta.inject.Inject;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.util.Optional;

/**
 * Internal (never routed by the gateway): change-request branches for the review service, which owns the
 * change-request workflow and checks the caller's rights before it calls these.
 */
@Path("/internal/spaces/{spaceId}/branches")
@Produces(MediaType.APPLICATION_JSON)
public class InternalBranchResource {
    @Inject
    Branches branches;
    @Inject
    Templates templates;
    @Inject
    BranchExport export;

    /**
     * Body: optional {@code id} and {@code number} (the change request's), optional {@code createdBy}, optional
     * {@code template} (a catalogue id: the branch starts with it; an unknown one is a 400 and creates nothing).
     */
    @POST
    public Response create(@PathParam("spaceId") String spaceId, JsonNode node) {
        JsonBody body = JsonBody.of(node);
        Integer number = null;
        if (body.has("number") && !body.isNull("number")) {
            if (!body.raw("number").isInt()) {
                throw ApiException.badRequest("number must be a whole number");
            }
            number = body.raw("number").asInt();
        }
        String id = body.string("id").orElse(null);
        String createdBy = body.string("createdBy").orElse(null);
        Optional<String> template = body.string("template");
        BranchView view = template.isPresent() ? templates.createBranchWithTemplate(spaceId, id, number, createdBy, template.get())
                : branches.create(spaceId, id, number, createdBy);
        return Response.status(201).entity(view).build();
    }

    @GET
    @Path("/{branch}")
    public BranchView get(@PathParam("spaceId") String spaceId, @PathParam("branch") String branch) {
        return branches.get(spaceId, branch);
    }

    @POST
    @Path("/{branch}/update")
    public Branches.Outcome update(@PathParam("spaceId") String spaceId, @PathParam("branch") String branch) {
        return branches.update(spaceId, branch);
    }

    /** Body: optional {@code mergedBy} (a user id, recorded on the merge revision). */
    @POST
    @Path("/{branch}/merge")
    public Branches.Outcome merge(@PathParam("spaceId") String spaceId, @PathParam("branch") String branch, JsonNode node) {
        return branches.merge(spaceId, branch, JsonBody.of(node).string("mergedBy").orElse(null));
    }

    /** Body: {@code id} (a template of the catalogue), optional {@code createdBy} (the author of the new head). */
    @POST
    @Path("/{branch}/template")
    public Response template(@PathParam("spaceId") String spaceId, @PathParam("branch") String branch, JsonNode node) {
        return Response.status(201).entity(templates.applyToBranch(spaceId, branch, BranchTemplateRequest.from(node))).build();
    }

    /**
     * The branch head's pages with their markdown in table-of-contents order; only one with {@code page}.
     * {@code maxPages} and {@code maxChars} (optional) refuse a larger export with 400 before reading it.
     */
    @GET
    @Path("/{branch}/pages")
    public BranchExport.Pages pages(@PathParam("spaceId") String spaceId, @PathParam("branch") String branch,
                                    @QueryParam("page") String page, @QueryParam("maxPages") @DefaultValue("0") int maxPages,
                                    @QueryParam("maxChars") @DefaultValue("0") long maxChars) {
        return export.pages(spaceId, branch, page == null || page.isEmpty() ? null : page, maxPages, maxChars);
    }
}
