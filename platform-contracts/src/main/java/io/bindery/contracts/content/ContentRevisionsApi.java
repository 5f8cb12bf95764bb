package io.bindery.contracts.content;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * content-service's internal revision reads: a revision's tree, one page and one file (sites' reader, insights'
 * indexing). Content's {@code InternalRevisionResource} implements it; the callers' REST Clients extend it.
 * {@code authorization} is the caller's service-token header, checked by content's filter.
 */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
public interface ContentRevisionsApi {

    @GET
    @Path("/spaces/{spaceId}/revisions/{revisionId}/tree")
    RevisionTree tree(@HeaderParam("Authorization") String authorization, @PathParam("spaceId") String spaceId,
                      @PathParam("revisionId") String revisionId);

    @GET
    @Path("/spaces/{spaceId}/revisions/{revisionId}/pages/{pageId}")
    RevisionPage page(@HeaderParam("Authorization") String authorization, @PathParam("spaceId") String spaceId,
                      @PathParam("revisionId") String revisionId, @PathParam("pageId") String pageId);

    /** A file's bytes, with the file's own media type and its sha256 as ETag. */
    @GET
    @Path("/spaces/{spaceId}/revisions/{revisionId}/files/{fileId}")
    @Produces(MediaType.WILDCARD)
    Response file(@HeaderParam("Authorization") String authorization, @PathParam("spaceId") String spaceId,
                  @PathParam("revisionId") String revisionId, @PathParam("fileId") String fileId);
}
