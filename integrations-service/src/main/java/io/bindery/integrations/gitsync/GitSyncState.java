package io.bindery.integrations.gitsync;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.time.Instant;

/**
 * GitBook's GitSyncState ({@code repoName}, {@code url}: the repository's tree URL where one was given,
 * {@code updatedAt}; no provider or integration: Bindery syncs itself), and Bindery's additions: the repository
 * (never with credentials), ref and project directory, the last operation, and the commit and revision it left in
 * step; {@code synced} true while the space is continuously synced ({@code PUT git/sync}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GitSyncState(String repoName, String url, Instant updatedAt, String repository, String ref,
                           String projectDirectory, Operation operation, String commit, String revision,
                           Boolean synced) {

    /** The last import or export: {@code state} running, success, failure or timeout; {@code error} on failure. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Operation(String state, String direction, Instant startedAt, Instant endedAt, String error,
                            String errorAction) {
    }

    static GitSyncState of(GitSyncStore.Row row) {
        String repo = row.url().replaceAll("/+$", "").replaceAll("\\.git$", "");
        return new GitSyncState(repo.substring(repo.lastIndexOf('/') + 1),
                row.treeUrl() == null ? row.url() : row.treeUrl(), row.updatedAt(), row.url(), row.ref(),
                row.projectDirectory(), new Operation(row.state(), row.direction(), row.startedAt(), row.endedAt(),
                row.error(), row.errorAction()), row.lastCommit(), row.lastRevision(), row.synced() ? Boolean.TRUE : null);
    }
}
