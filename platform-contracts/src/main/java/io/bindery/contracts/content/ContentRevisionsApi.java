package io.bindery.contracts.content;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * content-service's internal revision reads: a revision's tree, one page and one file (sites' reader, insights'
 * indexing), many pages at once and the list of files (Git Sync's export). Content's
 * {@code InternalRevisionResource} implements it; the callers' REST Clients extend it.
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

    /**
     * Many pages with their markdown in one call, in the order asked (an export of a 1,000-page space read them one
     * call each); 404 when one is not in the revision, 400 for no list or more than
     * {@link RevisionPagesRequest#MAX_PAGES} ids.
     */
    @POST
    @Path("/spaces/{spaceId}/revisions/{revisionId}/pages")
    @Consumes(MediaType.APPLICATION_JSON)
    RevisionPages pages(@HeaderParam("Authorization") String authorization, @PathParam("spaceId") String spaceId,
                        @PathParam("revisionId") String revisionId, RevisionPagesRequest body);

    /** The revision's files without their bytes (Git Sync's export, which acts for no user). */
    @GET
    @Path("/spaces/{spaceId}/revisions/{revisionId}/files")
    RevisionFiles files(@HeaderParam("Authorization") String authorization, @PathParam("spaceId") String spaceId,
                        @PathParam("revisionId") String revisionId);

    /** A file's bytes, with the file's own media type and its sha256 as ETag. */
    @GET
    @Path("/spaces/{spaceId}/revisions/{revisionId}/files/{fileId}")
    @Produces(MediaType.WILDCARD)
    Response file(@HeaderParam("Authorization") String authorization, @PathParam("spaceId") String spaceId,
                  @PathParam("revisionId") String revisionId, @PathParam("fileId") String fileId);
}
