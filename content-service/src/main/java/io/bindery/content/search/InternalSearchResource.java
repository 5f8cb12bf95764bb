package io.bindery.content.search;

import io.bindery.commons.errors.ApiException;
import io.bindery.contracts.content.SiteSearchRequest;
import io.bindery.contracts.content.SiteSearchResponse;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * Internal (never routed by the gateway): search for sites-service's reader, over the spaces of a published site
 * that the reader has already decided a visitor may read.
 */
@Path("/internal/search")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class InternalSearchResource {
    @Inject
    ContentSearch search;

    @POST
    public SiteSearchResponse search(SiteSearchRequest request) {
        if (request == null) {
            throw ApiException.badRequest("a body {spaces, query, pagesPerSpace} is required");
        }
        return new SiteSearchResponse(search.inSpaces(request.spaces(), request.query(), request.pagesPerSpace()));
    }
}
