package io.bindery.content.spaces;

import io.bindery.contracts.content.ContentAccessApi;
import io.bindery.contracts.content.SpaceAccessResponse;
import io.bindery.contracts.content.ReadableSpacesResponse;
import io.bindery.contracts.content.SpaceViewsRequest;
import io.bindery.contracts.content.SpaceViewsResponse;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

/**
 * Internal (never routed by the gateway): a user's access to spaces, for the review service, which enforces
 * the same role rule on change requests and comments as content does on content, and spaces as a user sees
 * them, for sites-service's site spaces. Paths and media types are the contract's ({@link ContentAccessApi}); a
 * JAX-RS annotation here would hide them.
 */
// a resource's default scope, said here because the class has no @Path of its own to make it a bean
@Singleton
public class InternalAccessResource implements ContentAccessApi {
    @Inject
    InternalAccess access;

    @Override
    public SpaceAccessResponse access(String authorization, String spaceId, String user) {
        return access.access(spaceId, user);
    }

    @Override
    public ReadableSpacesResponse readableSpaces(String authorization, String organizationId, String user) {
        return access.readableSpaces(organizationId, user);
    }

    @Override
    public SpaceViewsResponse spaceViews(String authorization, String organizationId, SpaceViewsRequest request) {
        return access.spaceViews(organizationId, request);
    }
}
