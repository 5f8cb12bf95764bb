package io.bindery.content.pages;

import io.bindery.commons.auth.Caller;
import io.bindery.commons.lists.ListPage;
import io.bindery.content.pages.ContentReader.Options;
import io.bindery.content.access.ContentScopes;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * A space's live content ({@code /spaces/{s}/content/**}) and its revision history ({@code /spaces/{s}/revisions/**}).
 * Its links are {@code links.LinkResource}, its search {@code search.SpaceSearchResource}, applying a template
 * {@code templates.TemplateResource} and a revision's changes {@code branches.RevisionChangesResource}.
 */
@Path("/v1/spaces/{spaceId}")
@Produces(MediaType.APPLICATION_JSON)
public class SpaceContentResource {
    @Inject
    Caller caller;
    @Inject
    ContentScopes scopes;
    @Inject
    ContentReader reader;

    @GET
    @Path("/content")
    public RevisionView content(@PathParam("spaceId") String spaceId, @QueryParam("metadata") String metadata,
                                @QueryParam("computed") String computed) {
        return reader.revision(live(spaceId), Options.of(metadata, computed, null, null));
    }

    @GET
    @Path("/content/pages")
    public PageView.Tree pages(@PathParam("spaceId") String spaceId, @QueryParam("metadata") String metadata,
                               @QueryParam("computed") String computed) {
        return reader.pages(live(spaceId), Options.of(metadata, computed, null, null));
    }

    @GET
    @Path("/content/page/{pageId}")
    public PageView page(@PathParam("spaceId") String spaceId, @PathParam("pageId") String pageId,
                         @QueryParam("format") String format, @QueryParam("evaluated") String evaluated,
                         @QueryParam("metadata") String metadata, @QueryParam("computed") String computed) {
        return reader.page(live(spaceId), pageId, Options.of(metadata, computed, format, evaluated));
    }

    @GET
    @Path("/content/path/{pagePath: .+}")
    public PageView pageByPath(@PathParam("spaceId") String spaceId, @PathParam("pagePath") String path,
                               @QueryParam("format") String format, @QueryParam("evaluated") String evaluated,
                               @QueryParam("metadata") String metadata, @QueryParam("computed") String computed) {
        return reader.pageByPath(live(spaceId), path, Options.of(metadata, computed, format, evaluated));
    }

    @GET
    @Path("/content/files")
    public ListPage<FileView> files(@PathParam("spaceId") String spaceId, @QueryParam("limit") String limit,
                                    @QueryParam("page") String page, @QueryParam("metadata") String metadata,
                                    @QueryParam("computed") String computed) {
        Options.of(metadata, computed, null, null);
        return reader.files(live(spaceId), limit, page);
    }

    @GET
    @Path("/content/files/{fileId}")
    public FileView file(@PathParam("spaceId") String spaceId, @PathParam("fileId") String fileId,
                         @QueryParam("metadata") String metadata, @QueryParam("computed") String computed) {
        Options.of(metadata, computed, null, null);
        return reader.file(live(spaceId), fileId);
    }

    @GET
    @Path("/revisions/{revisionId}")
    public RevisionView revision(@PathParam("spaceId") String spaceId, @PathParam("revisionId") String revisionId,
                                 @QueryParam("metadata") String metadata, @QueryParam("computed") String computed) {
        return reader.revision(scopes.revision(spaceId, revisionId, caller.userId()), Options.of(metadata, computed, null, null));
    }

    @GET
    @Path("/revisions/{revisionId}/pages")
    public PageView.Tree revisionPages(@PathParam("spaceId") String spaceId, @PathParam("revisionId") String revisionId,
                                       @QueryParam("metadata") String metadata, @QueryParam("computed") String computed) {
        return reader.pages(scopes.revision(spaceId, revisionId, caller.userId()), Options.of(metadata, computed, null, null));
    }

    @GET
    @Path("/revisions/{revisionId}/page/{pageId}")
    public PageView revisionPage(@PathParam("spaceId") String spaceId, @PathParam("revisionId") String revisionId,
                                 @PathParam("pageId") String pageId, @QueryParam("format") String format,
                                 @QueryParam("evaluated") String evaluated, @QueryParam("metadata") String metadata,
                                 @QueryParam("computed") String computed) {
        return reader.page(scopes.revision(spaceId, revisionId, caller.userId()), pageId,
                Options.of(metadata, computed, format, evaluated));
    }

    @GET
    @Path("/revisions/{revisionId}/path/{pagePath: .+}")
    public PageView revisionPageByPath(@PathParam("spaceId") String spaceId, @PathParam("revisionId") String revisionId,
                                       @PathParam("pagePath") String path, @QueryParam("format") String format,
                                       @QueryParam("evaluated") String evaluated, @QueryParam("metadata") String metadata,
                                       @QueryParam("computed") String computed) {
        return reader.pageByPath(scopes.revision(spaceId, revisionId, caller.userId()), path,
                Options.of(metadata, computed, format, evaluated));
    }

    @GET
    @Path("/revisions/{revisionId}/files")
    public ListPage<FileView> revisionFiles(@PathParam("spaceId") String spaceId, @PathParam("revisionId") String revisionId,
                                            @QueryParam("limit") String limit, @QueryParam("page") String page) {
        return reader.files(scopes.revision(spaceId, revisionId, caller.userId()), limit, page);
    }

    @GET
    @Path("/revisions/{revisionId}/files/{fileId}")
    public FileView revisionFile(@PathParam("spaceId") String spaceId, @PathParam("revisionId") String revisionId,
                                 @PathParam("fileId") String fileId) {
        return reader.file(scopes.revision(spaceId, revisionId, caller.userId()), fileId);
    }

    /** The bytes of a file (the {@code downloadURL} of File), with its content type. */
    @GET
    @Path("/revisions/{revisionId}/files/{fileId}/download")
    @Produces(MediaType.WILDCARD)
    public Response download(@PathParam("spaceId") String spaceId, @PathParam("revisionId") String revisionId,
                             @PathParam("fileId") String fileId) {
        ContentReader.Download d = reader.download(scopes.revision(spaceId, revisionId, caller.userId()), fileId);
        return Response.ok(d.bytes(), d.file().contentType())
                .header("Content-Disposition", "inline; filename=\"" + d.file().name().replaceAll("[\"\\\\\r\n]", "_") + "\"")
                .header("Cache-Control", "private, max-age=31536000, immutable").build();
    }

    private ContentScopes.Scope live(String spaceId) {
        return scopes.live(spaceId, caller.userId());
    }
}
