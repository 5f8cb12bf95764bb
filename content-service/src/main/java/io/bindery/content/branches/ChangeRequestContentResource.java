package io.bindery.content.branches;

import io.bindery.content.pages.BranchView;
import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Caller;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.lists.ListPage;
import io.bindery.content.authoring.ChangeParser;
import io.bindery.content.authoring.ContentChange;
import io.bindery.content.authoring.ContentWriter;
import io.bindery.content.pages.FileView;
import io.bindery.content.pages.PageView;
import io.bindery.content.pages.RevisionView;
import io.bindery.content.links.ContentLinks;
import io.bindery.content.pages.ContentReader;
import io.bindery.content.pages.ContentReader.Options;
import io.bindery.content.access.ContentScopes;
import io.bindery.content.pages.PageViews;
import io.bindery.content.revisions.Snapshot;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import java.util.List;

/** A change request's content: the batch write (GitBook 0.202.0) and reads of the branch head. */
@Path("/v1/spaces/{spaceId}")
@Produces(MediaType.APPLICATION_JSON)
public class ChangeRequestContentResource {
    @Inject
    Caller caller;
    @Inject
    ContentReader reader;
    @Inject
    ContentLinks links;
    @Inject
    ChangeParser parser;
    @Inject
    Branches branches;
    @Inject
    BranchChanges changes;
    @Inject
    PageViews views;

    /** With {@code compat=false}: the change request and the pages the batch created or modified. */
    public record WriteResult(BranchView changeRequest, List<AffectedPage> pages) {
    }

    public record AffectedPage(String id, String title, String path, Urls urls) {
    }

    public record Urls(String location) {
    }

    @POST
    @Path("/change-requests/{changeRequestId}/content")
    public Object write(@PathParam("spaceId") String spaceId, @PathParam("changeRequestId") String cr,
                        @QueryParam("compat") String compat, JsonNode body) {
        if (compat != null && !compat.isEmpty() && !compat.equals("true") && !compat.equals("false")) {
            throw ApiException.badRequest("compat must be true or false");
        }
        ContentScopes.Scope scope = branch(spaceId, cr).requireEdit();
        List<ContentChange> parsed = parser.parse(body);
        Branches.BranchWrite written = branches.write(scope, parsed, caller.userId());
        ContentWriter.Written w = written.written();
        BranchView view = written.branch();
        if (!"false".equals(compat)) {
            return view;
        }
        Snapshot s = w.revision();
        List<AffectedPage> pages = w.affectedPages().stream().filter(id -> s.page(id).isPresent())
                .map(id -> new AffectedPage(id, s.page(id).get().title(), s.path(id), new Urls(view.urls().location()
                        + "/content/page/" + id))).toList();
        return new WriteResult(view, pages);
    }

    @GET
    @Path("/change-requests/{changeRequestId}/content")
    public RevisionView content(@PathParam("spaceId") String spaceId, @PathParam("changeRequestId") String cr,
                                @QueryParam("metadata") String metadata, @QueryParam("computed") String computed) {
        return reader.revision(branch(spaceId, cr), Options.of(metadata, computed, null, null));
    }

    @GET
    @Path("/change-requests/{changeRequestId}/content/pages")
    public PageView.Tree pages(@PathParam("spaceId") String spaceId, @PathParam("changeRequestId") String cr,
                               @QueryParam("metadata") String metadata, @QueryParam("computed") String computed) {
        return reader.pages(branch(spaceId, cr), Options.of(metadata, computed, null, null));
    }

    @GET
    @Path("/change-requests/{changeRequestId}/content/page/{pageId}")
    public PageView page(@PathParam("spaceId") String spaceId, @PathParam("changeRequestId") String cr,
                         @PathParam("pageId") String pageId, @QueryParam("format") String format,
                         @QueryParam("evaluated") String evaluated, @QueryParam("metadata") String metadata,
                         @QueryParam("computed") String computed) {
        return reader.page(branch(spaceId, cr), pageId, Options.of(metadata, computed, format, evaluated));
    }

    @GET
    @Path("/change-requests/{changeRequestId}/content/path/{pagePath: .+}")
    public PageView pageByPath(@PathParam("spaceId") String spaceId, @PathParam("changeRequestId") String cr,
                               @PathParam("pagePath") String path, @QueryParam("format") String format,
                               @QueryParam("evaluated") String evaluated, @QueryParam("metadata") String metadata,
                               @QueryParam("computed") String computed) {
        return reader.pageByPath(branch(spaceId, cr), path, Options.of(metadata, computed, format, evaluated));
    }

    @GET
    @Path("/change-requests/{changeRequestId}/content/files")
    public ListPage<FileView> files(@PathParam("spaceId") String spaceId, @PathParam("changeRequestId") String cr,
                                    @QueryParam("limit") String limit, @QueryParam("page") String page) {
        return reader.files(branch(spaceId, cr), limit, page);
    }

    @GET
    @Path("/change-requests/{changeRequestId}/content/files/{fileId}")
    public FileView file(@PathParam("spaceId") String spaceId, @PathParam("changeRequestId") String cr,
                         @PathParam("fileId") String fileId) {
        return reader.file(branch(spaceId, cr), fileId);
    }

    @GET
    @Path("/change-requests/{changeRequestId}/content/files/{fileId}/backlinks")
    public ListPage<ContentLinks.Location> fileBacklinks(@PathParam("spaceId") String spaceId,
                                                         @PathParam("changeRequestId") String cr,
                                                         @PathParam("fileId") String fileId,
                                                         @QueryParam("limit") String limit, @QueryParam("page") String page) {
        return links.fileBacklinks(branch(spaceId, cr), fileId, limit, page);
    }

    @GET
    @Path("/change-requests/{changeRequestId}/content/page/{pageId}/links")
    public ContentLinks.LinkList pageLinks(@PathParam("spaceId") String spaceId, @PathParam("changeRequestId") String cr,
                                           @PathParam("pageId") String pageId, @QueryParam("status") String status,
                                           @QueryParam("limit") String limit, @QueryParam("page") String page) {
        return links.links(branch(spaceId, cr), pageId, status, limit, page);
    }

    @GET
    @Path("/change-requests/{changeRequestId}/content/page/{pageId}/backlinks")
    public ListPage<ContentLinks.Location> pageBacklinks(@PathParam("spaceId") String spaceId,
                                                         @PathParam("changeRequestId") String cr,
                                                         @PathParam("pageId") String pageId,
                                                         @QueryParam("limit") String limit, @QueryParam("page") String page) {
        return links.pageBacklinks(branch(spaceId, cr), pageId, limit, page);
    }

    @GET
    @Path("/change-requests/{changeRequestId}/changes")
    public BranchChanges.Changes changes(@PathParam("spaceId") String spaceId, @PathParam("changeRequestId") String cr) {
        return changes.of(branch(spaceId, cr));
    }

    private ContentScopes.Scope branch(String spaceId, String cr) {
        return branches.scope(spaceId, cr, caller.userId());
    }
}
