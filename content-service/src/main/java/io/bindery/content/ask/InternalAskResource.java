package io.bindery.content.ask;

import io.bindery.contracts.content.ContentAskApi;
import io.bindery.contracts.content.SiteAskRequest;
import io.bindery.contracts.content.SiteAskResponse;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

/**
 * Internal (never routed by the gateway): ask for sites-service, over the spaces of a site that sites has already
 * decided the caller or visitor may read (see {@link Asks#inSpaces}). Path and media types are the contract's
 * ({@link ContentAskApi}); a JAX-RS annotation here would hide them.
 */
// a resource's default scope, said here because the class has no @Path of its own to make it a bean
@Singleton
public class InternalAskResource implements ContentAskApi {
    @Inject
    Asks asks;

    @Override
    public SiteAskResponse ask(String authorization, SiteAskRequest request) {
        return asks.inSpaces(request);
    }
}
