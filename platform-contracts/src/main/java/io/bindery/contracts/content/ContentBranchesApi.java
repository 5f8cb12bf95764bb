package io.bindery.contracts.content;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/**
 * content-service's internal API over a change request's branch (review owns the workflow and checks the caller's
 * rights before it calls these): read it, bring main into it, merge it, export its pages. Content's
 * {@code InternalBranchResource} implements it; review's REST Client extends it. Creating a branch is
 * {@link ContentBranchTemplatesApi}'s. The merge body is a {@link BranchMergeRequest} as JSON, taken as a tree
 * because content checks it field by field at its edge; a caller sends the record as a tree. {@code authorization}
 * is the caller's service-token header, checked by content's filter.
 */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
public interface ContentBranchesApi {

    @GET
    @Path("/spaces/{spaceId}/branches/{branch}")
    BranchResponse branch(@HeaderParam("Authorization") String authorization, @PathParam("spaceId") String spaceId,
                          @PathParam("branch") String branch);

    /** Brings main into the branch: {@code result: "update"}; 409 on a conflict. */
    @POST
    @Path("/spaces/{spaceId}/branches/{branch}/update")
    BranchOutcome update(@HeaderParam("Authorization") String authorization, @PathParam("spaceId") String spaceId,
                         @PathParam("branch") String branch);

    /** Merges the branch into main: {@code result: "merge"}; 409 on a conflict. */
    @POST
    @Path("/spaces/{spaceId}/branches/{branch}/merge")
    @Consumes(MediaType.APPLICATION_JSON)
    BranchOutcome merge(@HeaderParam("Authorization") String authorization, @PathParam("spaceId") String spaceId,
                        @PathParam("branch") String branch, JsonNode body);

    /**
     * The branch head's pages with their markdown in table-of-contents order; only one with {@code page}.
     * {@code maxPages} and {@code maxChars} (0: no limit) refuse a larger export with 400 before reading it.
     */
    @GET
    @Path("/spaces/{spaceId}/branches/{branch}/pages")
    BranchPages pages(@HeaderParam("Authorization") String authorization, @PathParam("spaceId") String spaceId,
                      @PathParam("branch") String branch, @QueryParam("maxPages") @DefaultValue("0") int maxPages,
                      @QueryParam("maxChars") @DefaultValue("0") long maxChars, @QueryParam("page") String page);
}
