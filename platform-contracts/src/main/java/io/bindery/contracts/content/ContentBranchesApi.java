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
 * rights before it calls these): read it, bring main into it, merge it, export its pages; and, for Git Sync's
 * import (which writes a change request review opened for a member), read its tree and files and write a batch. Content's
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

    /** The branch head's pages in tree order, without their markdown, as a revision's tree reads. */
    @GET
    @Path("/spaces/{spaceId}/branches/{branch}/tree")
    RevisionTree tree(@HeaderParam("Authorization") String authorization, @PathParam("spaceId") String spaceId,
                      @PathParam("branch") String branch);

    /** The branch head's files without their bytes, as a revision's files read. */
    @GET
    @Path("/spaces/{spaceId}/branches/{branch}/files")
    RevisionFiles files(@HeaderParam("Authorization") String authorization, @PathParam("spaceId") String spaceId,
                        @PathParam("branch") String branch);

    /**
     * Writes a batch (GitBook's change-request content body, {@code {"changes": [...]}}, content's rules: at most 50
     * changes, refs valid within the batch) on the branch as one new head revision authored by {@code author} (a
     * user id, required). The caller decided the author may: Git Sync writes the change request review opened for
     * that member. 400 for a bad batch, 404 for an unknown space or branch, 409 for a merged or archived one.
     */
    @POST
    @Path("/spaces/{spaceId}/branches/{branch}/content")
    @Consumes(MediaType.APPLICATION_JSON)
    BranchResponse write(@HeaderParam("Authorization") String authorization, @PathParam("spaceId") String spaceId,
                         @PathParam("branch") String branch, @QueryParam("author") String author, JsonNode body);
}
