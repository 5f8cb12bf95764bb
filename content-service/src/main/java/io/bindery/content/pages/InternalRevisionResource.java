package io.bindery.content.pages;

import io.bindery.contracts.content.ContentRevisionsApi;
import io.bindery.contracts.content.RevisionFiles;
import io.bindery.contracts.content.RevisionPage;
import io.bindery.contracts.content.RevisionPages;
import io.bindery.contracts.content.RevisionPagesRequest;
import io.bindery.contracts.content.RevisionTree;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.ws.rs.core.Response;

/**
 * Internal (never routed by the gateway): a revision's pages for sites-service's reader, which shows published
 * spaces to visitors and decides itself who may read them. A revision never changes, so the reader keeps what it
 * reads by revision. 404 for a revision of another space. Paths and media types are the contract's
 * ({@link ContentRevisionsApi}); a JAX-RS annotation here would hide them.
 */
// a resource's default scope, said here because the class has no @Path of its own to make it a bean
@Singleton
public class InternalRevisionResource implements ContentRevisionsApi {
    @Inject
    InternalRevisions revisions;

    @Override
    public RevisionTree tree(String authorization, String spaceId, String revisionId) {
        return revisions.tree(spaceId, revisionId);
    }

    @Override
    public RevisionPage page(String authorization, String spaceId, String revisionId, String pageId) {
        return revisions.page(spaceId, revisionId, pageId);
    }

    @Override
    public RevisionPages pages(String authorization, String spaceId, String revisionId, RevisionPagesRequest request) {
        return revisions.pages(spaceId, revisionId, request);
    }

    @Override
    public RevisionFiles files(String authorization, String spaceId, String revisionId) {
        return revisions.files(spaceId, revisionId);
    }

    /** A file's bytes as the reader serves them to visitors (images of a published page), with its content type. */
    @Override
    public Response file(String authorization, String spaceId, String revisionId, String fileId) {
        ContentReader.Download d = revisions.file(spaceId, revisionId, fileId);
        return Response.ok(d.bytes(), d.file().contentType()).header("ETag", "\"" + d.file().sha256() + "\"").build();
    }
}
