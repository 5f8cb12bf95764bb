package io.bindery.content.search;

import io.bindery.commons.errors.ApiException;
import io.bindery.contracts.content.ContentSearchApi;
import io.bindery.contracts.content.SiteSearchRequest;
import io.bindery.contracts.content.SiteSearchResponse;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

/**
 * Internal (never routed by the gateway): search for sites-service's reader, over the spaces of a published site
 * that the reader has already decided a visitor may read. Path and media types are the contract's
 * ({@link ContentSearchApi}); a JAX-RS annotation here would hide them.
 */
// a resource's default scope, said here because the class has no @Path of its own to make it a bean
@Singleton
public class InternalSearchResource implements ContentSearchApi {
    @Inject
    ContentSearch search;

    @Override
    public SiteSearchResponse search(String authorization, SiteSearchRequest request) {
        if (request == null) {
            throw ApiException.badRequest("a body {spaces, query, pagesPerSpace} is required");
        }
        return new SiteSearchResponse(search.inSpaces(request.spaces(), request.query(), request.pagesPerSpace()));
    }
}
