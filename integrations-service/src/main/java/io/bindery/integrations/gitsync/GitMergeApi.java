package io.bindery.integrations.gitsync;

import io.bindery.contracts.review.ReviewMergesApi;

/**
 * review-service's internal merge as Git Sync's import calls it (built by {@link GitSyncWriter}, with integrations'
 * service token): the import's change request merged as the member who asked for the import or set the sync up.
 * The path is review's contract, never written here.
 */
public interface GitMergeApi extends ReviewMergesApi {
}
