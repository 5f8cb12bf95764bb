package io.bindery.content.branches;

import io.bindery.commons.errors.ApiException;
import io.bindery.content.pages.BranchView;
import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.json.JsonBody;
import jakarta.inject.Inject;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/**
 * Internal (never routed by the gateway): change-request branches for the review service, which owns the
 * change-request workflow and checks the caller's rights before it calls these. Creating one (optionally from a
 * template) and applying a template to one are {@code templates.InternalTemplateResource}'s.
 */
@Path("/internal/spaces/{spaceId}/branches")
@Produces(MediaType.APPLICATION_JSON)
public class InternalBranchResource {
    @Inject
    Branches branches;
    @Inject
    BranchExport export;

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

    /**
     * Body: optional {@code mergedBy} (a user id, recorded on the merge revision), {@code subject} and
     * {@code comments} (the change request's as review knows them, shown in the revision's mergedFrom).
     */
    @POST
    @Path("/{branch}/merge")
    public Branches.Outcome merge(@PathParam("spaceId") String spaceId, @PathParam("branch") String branch, JsonNode node) {
        JsonBody body = JsonBody.of(node);
        Long comments = null;
        if (body.has("comments") && !body.isNull("comments")) {
            if (!body.raw("comments").isIntegralNumber() || !body.raw("comments").canConvertToLong()) {
                throw ApiException.badRequest("comments must be a whole number");
            }
            comments = body.raw("comments").asLong();
        }
        return branches.merge(spaceId, branch, body.string("mergedBy").orElse(null),
                body.string("subject").orElse(null), comments);
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
