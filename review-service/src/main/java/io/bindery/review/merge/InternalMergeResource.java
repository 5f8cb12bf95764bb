package io.bindery.review.merge;

import io.bindery.commons.errors.ApiException;
import io.bindery.contracts.review.ReviewMergesApi;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

/**
 * Internal (never routed by the gateway): a change request merged for a member by another service, as Git Sync
 * merges an import as the member who set the sync up. Paths and media types are the contract's
 * ({@link ReviewMergesApi}); a JAX-RS annotation here would hide them.
 */
// a resource's default scope, said here because the class has no @Path of its own to make it a bean
@Singleton
public class InternalMergeResource implements ReviewMergesApi {
    @Inject
    ChangeRequestMerger merger;

    @Override
    public Merged merge(String authorization, String spaceId, String changeRequestId, Merge body) {
        if (body == null || body.mergedBy() == null || body.mergedBy().isBlank()) {
            throw ApiException.badRequest("a body is required: {\"mergedBy\": the id of the member who merges}");
        }
        MergeResult merged = merger.mergeFor(spaceId, changeRequestId, body.mergedBy());
        return new Merged(merged.revision(), merged.result());
    }
}
