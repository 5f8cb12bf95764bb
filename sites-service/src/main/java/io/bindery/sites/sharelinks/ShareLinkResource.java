package io.bindery.sites.sharelinks;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Caller;
import io.bindery.commons.lists.Limits;
import io.bindery.commons.lists.ListPage;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** Share links of a site (for share-link visibility): list, create, rename or deactivate, delete. */
@Path("/v1/orgs/{organizationId}/sites/{siteId}/share-links")
@Produces(MediaType.APPLICATION_JSON)
public class ShareLinkResource {
    @Inject
    Caller caller;
    @Inject
    ShareLinks links;

    @GET
    public ListPage<ShareLinkView> list(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId,
                                        @QueryParam("search") String search, @QueryParam("page") String page,
                                        @QueryParam("limit") String limit) {
        return links.list(organizationId, caller.userId(), siteId, search, page, Limits.parse(limit));
    }

    @POST
    public Response create(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId, JsonNode body) {
        return Response.status(201).entity(links.create(organizationId, caller.userId(), siteId, ShareLinkRequests.Create.from(body))).build();
    }

    @PATCH
    @Path("/{shareLinkId}")
    public ShareLinkView update(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId,
                                @PathParam("shareLinkId") String shareLinkId, JsonNode body) {
        return links.update(organizationId, caller.userId(), siteId, shareLinkId, ShareLinkRequests.Update.from(body));
    }

    @DELETE
    @Path("/{shareLinkId}")
    public Response delete(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId,
                           @PathParam("shareLinkId") String shareLinkId) {
        links.delete(organizationId, caller.userId(), siteId, shareLinkId);
        return Response.noContent().build();
    }
}
