package io.bindery.review.client;

import io.bindery.contracts.content.BranchCreateRequest;
import io.bindery.contracts.content.BranchMergeRequest;
import io.bindery.contracts.content.BranchOutcome;
import io.bindery.contracts.content.BranchPages;
import io.bindery.contracts.content.BranchResponse;
import io.bindery.contracts.content.ReadableSpacesResponse;
import io.bindery.contracts.content.SpaceAccessResponse;
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
 * the service token's header value; a null one is not sent.
 */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface ContentApi {

    @GET
    @Path("/spaces/{space}/access")
    SpaceAccessResponse access(@HeaderParam("Authorization") String authorization, @PathParam("space") String space,
                               @QueryParam("user") String user);

    @GET
    @Path("/orgs/{organization}/readable-spaces")
    ReadableSpacesResponse readableSpaces(@HeaderParam("Authorization") String authorization,
                                          @PathParam("organization") String organization, @QueryParam("user") String user);

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
