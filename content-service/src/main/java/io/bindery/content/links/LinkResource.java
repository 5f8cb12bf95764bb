package io.bindery.content.links;

import io.bindery.commons.auth.Caller;
import io.bindery.commons.lists.ListPage;
import io.bindery.content.access.ContentScopes;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/**
 * A space's links and backlinks in its live content ({@code /spaces/{s}/links}, {@code …/content/page/{p}/links},
 * the backlinks of its pages and files).
 */
@Path("/v1/spaces/{spaceId}")
@Produces(MediaType.APPLICATION_JSON)
public class LinkResource {
    @Inject
    Caller caller;
    @Inject
    ContentScopes scopes;
    @Inject
    ContentLinks links;

    @GET
    @Path("/content/files/{fileId}/backlinks")
    public ListPage<ContentLinks.Location> fileBacklinks(@PathParam("spaceId") String spaceId, @PathParam("fileId") String fileId,
                                                         @QueryParam("limit") String limit, @QueryParam("page") String page) {
        return links.fileBacklinks(live(spaceId), fileId, limit, page);
    }

    @GET
    @Path("/content/page/{pageId}/links")
    public ContentLinks.LinkList pageLinks(@PathParam("spaceId") String spaceId, @PathParam("pageId") String pageId,
                                           @QueryParam("status") String status, @QueryParam("limit") String limit,
                                           @QueryParam("page") String page) {
        return links.links(live(spaceId), pageId, status, limit, page);
    }

    @GET
    @Path("/content/page/{pageId}/backlinks")
    public ListPage<ContentLinks.Location> pageBacklinks(@PathParam("spaceId") String spaceId, @PathParam("pageId") String pageId,
                                                         @QueryParam("limit") String limit, @QueryParam("page") String page) {
        return links.pageBacklinks(live(spaceId), pageId, limit, page);
    }

    @GET
    @Path("/links")
    public ContentLinks.LinkList links(@PathParam("spaceId") String spaceId, @QueryParam("status") String status,
                                       @QueryParam("limit") String limit, @QueryParam("page") String page) {
        return links.links(live(spaceId), null, status, limit, page);
    }

    private ContentScopes.Scope live(String spaceId) {
        return scopes.live(spaceId, caller.userId());
    }
}
