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

/**
 * Search in one space's live content ({@code /spaces/{s}/search}).
 */
@Path("/v1/spaces/{spaceId}")
@Produces(MediaType.APPLICATION_JSON)
public class SpaceSearchResource {
    @Inject
    Caller caller;
    @Inject
    ContentSearch search;

    @GET
    @Path("/search")
    public ListPage<ContentSearch.PageHit> search(@PathParam("spaceId") String spaceId, @QueryParam("query") String query,
                                                  @QueryParam("limit") String limit, @QueryParam("page") String page) {
        return search.inSpace(spaceId, caller.userId(), query, limit, page);
    }
}
