package io.bindery.content.pages;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Caller;
import io.bindery.commons.lists.Limits;
import io.bindery.commons.lists.ListPage;
import io.bindery.content.branches.BranchChanges;
import io.bindery.content.links.ContentLinks;
import io.bindery.content.pages.ContentReader.Options;
import io.bindery.content.access.ContentScopes;
import io.bindery.content.search.ContentSearch;
import io.bindery.content.templates.TemplateRequest;
import io.bindery.content.templates.Templates;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * A space's live content ({@code /spaces/{s}/content/**}), its revision history ({@code /spaces/{s}/revisions/**}),
 * links, search and templates.
 */
@Path("/v1")
@Produces(MediaType.APPLICATION_JSON)
public class SpaceContentResource {
    @Inject
    Caller caller;
    @Inject
    ContentScopes scopes;
    @Inject
    ContentReader reader;
    @Inject
    ContentLinks links;
    @Inject
    ContentSearch search;
    @Inject
    Templates templates;
    @Inject
    BranchChanges changes;

    @GET
    @Path("/spaces/{spaceId}/content")
    public RevisionView content(@PathParam("spaceId") String spaceId, @QueryParam("metadata") String metadata,
                                @QueryParam("computed") String computed) {
        return reader.revision(live(spaceId), Options.of(metadata, computed, null, null));
    }

    @GET
    @Path("/spaces/{spaceId}/content/pages")
    public PageView.Tree pages(@PathParam("spaceId") String spaceId, @QueryParam("metadata") String metadata,
                               @QueryParam("computed") String computed) {
        return reader.pages(live(spaceId), Options.of(metadata, computed, null, null));
    }

    @GET
    @Path("/spaces/{spaceId}/content/page/{pageId}")
    public PageView page(@PathParam("spaceId") String spaceId, @PathParam("pageId") String pageId,
                         @QueryParam("format") String format, @QueryParam("evaluated") String evaluated,
                         @QueryParam("metadata") String metadata, @QueryParam("computed") String computed) {
        return reader.page(live(spaceId), pageId, Options.of(metadata, computed, format, evaluated));
    }

    @GET
    @Path("/spaces/{spaceId}/content/path/{pagePath: .+}")
    public PageView pageByPath(@PathParam("spaceId") String spaceId, @PathParam("pagePath") String path,
                               @QueryParam("format") String format, @QueryParam("evaluated") String evaluated,
                               @QueryParam("metadata") String metadata, @QueryParam("computed") String computed) {
        return reader.pageByPath(live(spaceId), path, Options.of(metadata, computed, format, evaluated));
    }

    @GET
    @Path("/spaces/{spaceId}/content/files")
    public ListPage<FileView> files(@PathParam("spaceId") String spaceId, @QueryParam("limit") String limit,
                                    @QueryParam("page") String page, @QueryParam("metadata") String metadata,
                                    @QueryParam("computed") String computed) {
        Options.of(metadata, computed, null, null);
        return reader.files(live(spaceId), limit, page);
    }

    @GET
    @Path("/spaces/{spaceId}/content/files/{fileId}")
    public FileView file(@PathParam("spaceId") String spaceId, @PathParam("fileId") String fileId,
                         @QueryParam("metadata") String metadata, @QueryParam("computed") String computed) {
        Options.of(metadata, computed, null, null);
        return reader.file(live(spaceId), fileId);
    }

    @GET
    @Path("/spaces/{spaceId}/content/files/{fileId}/backlinks")
    public ListPage<ContentLinks.Location> fileBacklinks(@PathParam("spaceId") String spaceId, @PathParam("fileId") String fileId,
                                                         @QueryParam("limit") String limit, @QueryParam("page") String page) {
        return links.fileBacklinks(live(spaceId), fileId, limit, page);
    }

    @GET
    @Path("/spaces/{spaceId}/content/page/{pageId}/links")
    public ContentLinks.LinkList pageLinks(@PathParam("spaceId") String spaceId, @PathParam("pageId") String pageId,
                                           @QueryParam("status") String status, @QueryParam("limit") String limit,
                                           @QueryParam("page") String page) {
        return links.links(live(spaceId), pageId, status, limit, page);
    }

    @GET
    @Path("/spaces/{spaceId}/content/page/{pageId}/backlinks")
    public ListPage<ContentLinks.Location> pageBacklinks(@PathParam("spaceId") String spaceId, @PathParam("pageId") String pageId,
                                                         @QueryParam("limit") String limit, @QueryParam("page") String page) {
        return links.pageBacklinks(live(spaceId), pageId, limit, page);
    }

    @GET
    @Path("/spaces/{spaceId}/links")
    public ContentLinks.LinkList links(@PathParam("spaceId") String spaceId, @QueryParam("status") String status,
                                       @QueryParam("limit") String limit, @QueryParam("page") String page) {
        return links.links(live(spaceId), null, status, limit, page);
    }

    @GET
    @Path("/spaces/{spaceId}/search")
    public ListPage<ContentSearch.PageHit> search(@PathParam("spaceId") String spaceId, @QueryParam("query") String query,
                                                  @QueryParam("limit") String limit, @QueryParam("page") String page) {
        return search.inSpace(spaceId, caller.userId(), query, limit, page);
    }

    @POST
    @Path("/spaces/{spaceId}/content/template")
    public Response template(@PathParam("spaceId") String spaceId, JsonNode body) {
        templates.apply(spaceId, caller.userId(), TemplateRequest.from(body));
        return Response.status(201).build();
    }

    @GET
    @Path("/spaces/{spaceId}/revisions/{revisionId}")
    public RevisionView revision(@PathParam("spaceId") String spaceId, @PathParam("revisionId") String revisionId,
                                 @QueryParam("metadata") String metadata, @QueryParam("computed") String computed) {
        return reader.revision(scopes.revision(spaceId, revisionId, caller.userId()), Options.of(metadata, computed, null, null));
    }

    @GET
    @Path("/spaces/{spaceId}/revisions/{revisionId}/changes")
    public BranchChanges.Changes revisionChanges(@PathParam("spaceId") String spaceId, @PathParam("revisionId") String revisionId,
                                                 @QueryParam("metadata") String metadata, @QueryParam("computed") String computed,
                                                 @QueryParam("limit") String limit) {
        Options.of(metadata, computed, null, null);
        Limits.parse(limit); // checked like every limit; the changes of one revision come whole
        return changes.ofRevision(scopes.revision(spaceId, revisionId, caller.userId()));
    }

    @GET
    @Path("/spaces/{spaceId}/revisions/{revisionId}/pages")
    public PageView.Tree revisionPages(@PathParam("spaceId") String spaceId, @PathParam("revisionId") String revisionId,
                                       @QueryParam("metadata") String metadata, @QueryParam("computed") String computed) {
        return reader.pages(scopes.revision(spaceId, revisionId, caller.userId()), Options.of(metadata, computed, null, null));
    }

    @GET
    @Path("/spaces/{spaceId}/revisions/{revisionId}/page/{pageId}")
    public PageView revisionPage(@PathParam("spaceId") String spaceId, @PathParam("revisionId") String revisionId,
                                 @PathParam("pageId") String pageId, @QueryParam("format") String format,
                                 @QueryParam("evaluated") String evaluated, @QueryParam("metadata") String metadata,
                                 @QueryParam("computed") String computed) {
        return reader.page(scopes.revision(spaceId, revisionId, caller.userId()), pageId,
                Options.of(metadata, computed, format, evaluated));
    }

    @GET
    @Path("/spaces/{spaceId}/revisions/{revisionId}/path/{pagePath: .+}")
    public PageView revisionPageByPath(@PathParam("spaceId") String spaceId, @PathParam("revisionId") String revisionId,
                                       @PathParam("pagePath") String path, @QueryParam("format") String format,
                                       @QueryParam("evaluated") String evaluated, @QueryParam("metadata") String metadata,
                                       @QueryParam("computed") String computed) {
        return reader.pageByPath(scopes.revision(spaceId, revisionId, caller.userId()), path,
                Options.of(metadata, computed, format, evaluated));
    }

    @GET
    @Path("/spaces/{spaceId}/revisions/{revisionId}/files")
    public ListPage<FileView> revisionFiles(@PathParam("spaceId") String spaceId, @PathParam("revisionId") String revisionId,
                                            @QueryParam("limit") String limit, @QueryParam("page") String page) {
        return reader.files(scopes.revision(spaceId, revisionId, caller.userId()), limit, page);
    }

    @GET
    @Path("/spaces/{spaceId}/revisions/{revisionId}/files/{fileId}")
    public FileView revisionFile(@PathParam("spaceId") String spaceId, @PathParam("revisionId") String revisionId,
                                 @PathParam("fileId") String fileId) {
        return reader.file(scopes.revision(spaceId, revisionId, caller.userId()), fileId);
    }

    /** The bytes of a file (the {@code downloadURL} of File), with its content type. */
    @GET
    @Path("/spaces/{spaceId}/revisions/{revisionId}/files/{fileId}/download")
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
