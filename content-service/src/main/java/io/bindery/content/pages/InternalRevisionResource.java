package io.bindery.content.pages;

import io.bindery.commons.errors.ApiException;
import io.bindery.content.domain.PageVersion;
import io.bindery.content.domain.RevisionFile;
import io.bindery.content.revisions.RevisionStore;
import io.bindery.content.revisions.Snapshot;
import io.bindery.contracts.content.RevisionPage;
import io.bindery.contracts.content.RevisionTree;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Internal (never routed by the gateway): a revision's pages for sites-service's reader, which shows published
 * spaces to visitors and decides itself who may read them. A revision never changes, so the reader keeps what it
 * reads by revision. 404 for a revision of another space.
 */
@Path("/internal/spaces/{spaceId}/revisions/{revisionId}")
@Produces(MediaType.APPLICATION_JSON)
public class InternalRevisionResource {
    @Inject
    RevisionStore store;

    @GET
    @Path("/tree")
    public RevisionTree tree(@PathParam("spaceId") String spaceId, @PathParam("revisionId") String revisionId) {
        Snapshot revision = revision(spaceId, revisionId);
        List<PageVersion> ordered = revision.inTreeOrder();
        // parents come before their children in tree order, so each depth is one lookup
        Map<String, Integer> depths = new HashMap<>();
        List<RevisionTree.Page> pages = new ArrayList<>(ordered.size());
        for (PageVersion p : ordered) {
            int depth = p.parentId() == null ? 0 : depths.getOrDefault(p.parentId(), -1) + 1;
            depths.put(p.pageId(), depth);
            pages.add(new RevisionTree.Page(p.pageId(), p.kind(), p.title(), revision.path(p.pageId()), depth,
                    p.description(), p.emoji(), p.hidden(), p.noIndex(), p.href()));
        }
        return new RevisionTree(spaceId, revisionId, pages, revision.header().createdAt());
    }

    @GET
    @Path("/pages/{pageId}")
    public RevisionPage page(@PathParam("spaceId") String spaceId, @PathParam("revisionId") String revisionId,
                             @PathParam("pageId") String pageId) {
        Snapshot revision = revision(spaceId, revisionId);
        PageVersion p = revision.page(pageId)
                .orElseThrow(() -> ApiException.notFound("no page " + pageId + " in revision " + revisionId));
        String markdown = !PageVersion.DOCUMENT.equals(p.kind()) ? ""
                : p.markdown() != null ? p.markdown() : store.markdown(List.of(p.id())).getOrDefault(p.id(), "");
        return new RevisionPage(spaceId, revisionId, p.pageId(), p.title(), revision.path(p.pageId()), p.description(), markdown);
    }

    /** A file's bytes as the reader serves them to visitors (images of a published page), with its content type. */
    @GET
    @Path("/files/{fileId}")
    @Produces(MediaType.WILDCARD)
    public Response file(@PathParam("spaceId") String spaceId, @PathParam("revisionId") String revisionId,
                         @PathParam("fileId") String fileId) {
        Snapshot revision = revision(spaceId, revisionId);
        RevisionFile f = revision.file(fileId)
                .orElseThrow(() -> ApiException.notFound("no file " + fileId + " in revision " + revisionId));
        byte[] bytes = store.blob(f.sha256());
        if (bytes == null) {
            throw new IllegalStateException("bytes of file " + f.id() + " are missing (sha256 " + f.sha256() + ")");
        }
        return Response.ok(bytes, f.contentType()).header("ETag", "\"" + f.sha256() + "\"").build();
    }

    private Snapshot revision(String spaceId, String revisionId) {
        Snapshot revision = store.load(revisionId);
        if (!spaceId.equals(revision.header().spaceId())) {
            throw ApiException.notFound("no revision " + revisionId + " in space " + spaceId);
        }
        return revision;
    }
}
