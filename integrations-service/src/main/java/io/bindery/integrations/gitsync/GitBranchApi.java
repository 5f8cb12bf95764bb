package io.bindery.integrations.gitsync;

import io.bindery.contracts.content.ContentBranchesApi;

/**
 * content-service's internal branch API as Git Sync's import calls it (built by {@link GitSyncWriter}, with
 * integrations' service token): the tree and files of the import's change request, and its batch writes for the
 * member it is authored by. The paths are content's contract, never written here.
 */
public interface GitBranchApi extends ContentBranchesApi {
}
