package io.bindery.content.pages;

import io.bindery.contracts.content.RevisionPage;
import io.bindery.contracts.content.RevisionTree;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * Internal (never routed by the gateway): a revision's pages for sites-service's reader, which shows published
 * spaces to visitors and decides itself who may read them. A revision never changes, so the reader keeps what it
 * reads by revision. 404 for a revision of another space.
 */
@Path("/internal/spaces/{spaceId}/revisions/{revisionId}")
@Produces(MediaType.APPLICATION_JSON)
public class InternalRevisionResource {
    @Inject
    InternalRevisions revisions;

    @GET
    @Path("/tree")
    public RevisionTree tree(@PathParam("spaceId") String spaceId, @PathParam("revisionId") String revisionId) {
        return revisions.tree(spaceId, revisionId);
    }

    @GET
    @Path("/pages/{pageId}")
    public RevisionPage page(@PathParam("spaceId") String spaceId, @PathParam("revisionId") String revisionId,
                             @PathParam("pageId") String pageId) {
        return revisions.page(spaceId, revisionId, pageId);
    }

    /** A file's bytes as the reader serves them to visitors (images of a published page), with its content type. */
    @GET
    @Path("/files/{fileId}")
    @Produces(MediaType.WILDCARD)
    public Response file(@PathParam("spaceId") String spaceId, @PathParam("revisionId") String revisionId,
                         @PathParam("fileId") String fileId) {
        ContentReader.Download d = revisions.file(spaceId, revisionId, fileId);
        return Response.ok(d.bytes(), d.file().contentType()).header("ETag", "\"" + d.file().sha256() + "\"").build();
    }
}
