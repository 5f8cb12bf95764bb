package io.bindery.integrations.gitsync;

import io.bindery.contracts.review.ReviewChangeRequestsApi;

/**
 * review-service's internal change-request API as Git Sync calls it (built by {@link GitSyncWriter}, with
 * integrations' service token): an import's change request opened for the member it is authored by. The path is
 * review's contract, never written here.
 */
public interface GitReviewApi extends ReviewChangeRequestsApi {
}
