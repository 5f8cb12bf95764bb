package io.bindery.review.client;

import io.bindery.contracts.content.BranchCreateRequest;
import io.bindery.contracts.content.BranchMergeRequest;
import io.bindery.contracts.content.BranchOutcome;
import io.bindery.contracts.content.BranchPages;
import io.bindery.contracts.content.BranchResponse;
import io.bindery.contracts.content.ContentAccessApi;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import java.util.Map;

/**
 * content-service's internal API as review calls it (built by {@link ContentClient}). {@code authorization} is
 * the service token's header value; a null one is not sent. Access is content's contract ({@link ContentAccessApi});
 * the branch calls are still written here because content's branch resources answer their own view types and read
 * JSON bodies, not the contract records (issue 30: the next step moves them into a contract too).
 */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface ContentApi extends ContentAccessApi {

    @POST
    @Path("/spaces/{space}/branches")
    BranchResponse createBranch(@HeaderParam("Authorization") String authorization, @PathParam("space") String space,
                                BranchCreateRequest body);

    @GET
    @Path("/spaces/{space}/branches/{branch}")
    BranchResponse branch(@HeaderParam("Authorization") String authorization, @PathParam("space") String space,
                          @PathParam("branch") String branch);

    @POST
    @Path("/spaces/{space}/branches/{branch}/update")
    BranchOutcome update(@HeaderParam("Authorization") String authorization, @PathParam("space") String space,
                         @PathParam("branch") String branch, Map<String, Object> body);

    @POST
    @Path("/spaces/{space}/branches/{branch}/merge")
    BranchOutcome merge(@HeaderParam("Authorization") String authorization, @PathParam("space") String space,
                        @PathParam("branch") String branch, BranchMergeRequest body);

    @GET
    @Path("/spaces/{space}/branches/{branch}/pages")
    BranchPages pages(@HeaderParam("Authorization") String authorization, @PathParam("space") String space,
                      @PathParam("branch") String branch, @QueryParam("maxPages") int maxPages,
                      @QueryParam("maxChars") long maxChars, @QueryParam("page") String page);
}
