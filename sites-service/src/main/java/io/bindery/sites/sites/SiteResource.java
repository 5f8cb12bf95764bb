package io.bindery.sites.sites;

import io.bindery.sites.site.SiteType;
import io.bindery.sites.site.SiteView;
import io.bindery.commons.json.WireEnum;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Caller;
import io.bindery.commons.errors.ApiException;
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

import java.net.URI;
import java.util.List;

/** Sites of an organization: list, create, read, settings, publish and unpublish, delete. */
@Path("/v1/orgs/{organizationId}/sites")
@Produces(MediaType.APPLICATION_JSON)
public class SiteResource {
    @Inject
    Caller caller;
    @Inject
    Sites sites;

    @GET
    public ListPage<SiteView> list(@PathParam("organizationId") String organizationId, @QueryParam("page") String page,
                                   @QueryParam("limit") String limit, @QueryParam("title") String title,
                                   @QueryParam("published") String published, @QueryParam("space") String space,
                                   @QueryParam("type") List<String> types) {
        Sites.Filters filters = new Sites.Filters(title, published == null ? null : bool("published", published), space,
                types.stream().map(t -> WireEnum.parse(SiteType.class, "type", t)).toList());
        return sites.list(organizationId, caller.userId(), filters, page, Limits.parse(limit));
    }

    @POST
    public Response create(@PathParam("organizationId") String organizationId, JsonNode body) {
        SiteView site = sites.create(organizationId, caller.userId(), CreateSiteRequest.from(body));
        return Response.created(URI.create(site.urls().location())).entity(site).build();
    }

    @GET
    @Path("/{siteId}")
    public SiteView get(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId) {
        return sites.get(organizationId, caller.userId(), siteId);
    }

    @PATCH
    @Path("/{siteId}")
    public SiteView update(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId, JsonNode body) {
        return sites.update(organizationId, caller.userId(), siteId, UpdateSiteRequest.from(body));
    }

    @DELETE
    @Path("/{siteId}")
    public Response delete(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId) {
        sites.delete(organizationId, caller.userId(), siteId);
        return Response.noContent().build();
    }

    @POST
    @Path("/{siteId}/publish")
    public SiteView publish(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId) {
        return sites.publish(organizationId, caller.userId(), siteId, true);
    }

    @POST
    @Path("/{siteId}/unpublish")
    public SiteView unpublish(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId) {
        return sites.publish(organizationId, caller.userId(), siteId, false);
    }

    private static boolean bool(String name, String value) {
        return switch (value) {
            case "true" -> true;
            case "false" -> false;
            default -> throw ApiException.badRequest(name + " must be true or false");
        };
    }
}
