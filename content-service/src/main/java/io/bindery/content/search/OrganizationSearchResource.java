package io.bindery.content.search;

import io.bindery.commons.auth.Caller;
import io.bindery.commons.lists.ListPage;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/** Search across the spaces of an organization that the caller can read. */
@Path("/v1/orgs/{organizationId}")
@Produces(MediaType.APPLICATION_JSON)
public class OrganizationSearchResource {
    @Inject
    Caller caller;
    @Inject
    ContentSearch search;

    @GET
    @Path("/search")
    public ListPage<ContentSearch.SpaceHit> search(@PathParam("organizationId") String organizationId,
                                                   @QueryParam("query") String query, @QueryParam("limit") String limit,
                                                   @QueryParam("page") String page) {
        return search.inOrganization(organizationId, caller.userId(), query, limit, page);
    }
}
