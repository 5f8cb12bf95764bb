package io.bindery.review.changerequests;

import io.bindery.commons.errors.ApiException;
import io.bindery.contracts.review.ReviewChangeRequestsApi;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

/**
 * Internal (never routed by the gateway): a change request opened for a member by another service, as Git Sync
 * opens an import's change request for the member who committed it. Paths and media types are the contract's
 * ({@link ReviewChangeRequestsApi}); a JAX-RS annotation here would hide them.
 */
// a resource's default scope, said here because the class has no @Path of its own to make it a bean
@Singleton
public class InternalChangeRequestResource implements ReviewChangeRequestsApi {
    @Inject
    ChangeRequests changeRequests;

    @Override
    public OpenedChangeRequest open(String authorization, String spaceId, OpenChangeRequest body) {
        if (body == null) {
            throw ApiException.badRequest("a body is required: {\"createdBy\", \"subject\"}");
        }
        ChangeRequestView view = changeRequests.createFor(spaceId, body.createdBy(), body.subject(), body.revision());
        return new OpenedChangeRequest(view.id(), view.number(), body.createdBy());
    }
}
