package io.bindery.integrations.gitsync;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.time.Instant;

/**
 * GitBook's GitSyncState ({@code repoName}, {@code url}: the repository's tree URL where one was given,
 * {@code updatedAt}, and 0.202.0's installation: Bindery's Git Sync of a space is its own installation, named by the
 * space's id, {@code pending} until its first operation has left the space and the repository in step, then
 * {@code active}; {@code installationProvider} only for the hosts GitBook names, github.com and GitLab, since
 * Bindery syncs any Git host), and Bindery's additions: the repository (never with credentials), ref and project
 * directory, the last operation, and the commit and revision it left in step; {@code synced} true while the space is
 * continuously synced ({@code PUT git/sync}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GitSyncState(String installationId, String installationProvider, String installationStatus,
                           String repoName, String url, Instant updatedAt, String repository, String ref,
                           String projectDirectory, Operation operation, String commit, String revision,
                           Boolean synced) {

    /** The last import or export: {@code state} running, success, failure or timeout; {@code error} on failure. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Operation(String state, String direction, Instant startedAt, Instant endedAt, String error,
                            ErrorAction errorAction) {
    }

    /** GitBook's GitSyncOperationErrorAction: what would resolve the failure, and where to do it. */
    public record ErrorAction(String label, String url) {
    }

    static GitSyncState of(GitSyncStore.Row row) {
        String where = row.treeUrl() == null ? row.url() : row.treeUrl();
        return new GitSyncState(row.spaceId(), provider(row.url()), installationStatus(row),
                repoName(row.url()), where, row.updatedAt(), row.url(), row.ref(),
                row.projectDirectory(), new Operation(row.state(), row.direction(), row.startedAt(), row.endedAt(),
                row.error(), row.errorAction() == null ? null : new ErrorAction(row.errorAction(), where)),
                row.lastCommit(), row.lastRevision(), row.synced() ? Boolean.TRUE : null);
    }

    /** The repository's name: the URL's last segment without {@code .git}. */
    static String repoName(String url) {
        String repo = url.replaceAll("/+$", "").replaceAll("\\.git$", "");
        return repo.substring(repo.lastIndexOf('/') + 1);
    }

    /** pending until an operation has left the space and the repository in step, then active. */
    static String installationStatus(GitSyncStore.Row row) {
        return row.lastCommit() != null || "success".equals(row.state()) ? "active" : "pending";
    }

    /**
     * Where readers of the published space are sent (a Space's {@code gitSync.url}, its "Edit on Git"): the tree URL
     * given, else, for GitHub and GitLab, the ref's tree in the project directory on the host's web pages; null
     * otherwise (another host's repository address may be internal, a file URL names the server's disk).
     */
    static String publicUrl(GitSyncStore.Row row) {
        if (row.treeUrl() != null) {
            return row.treeUrl();
        }
        String dir = row.projectDirectory() == null ? "" : "/" + row.projectDirectory().replaceAll("/+$", "");
        String page = providerPage(row, "tree");
        return page == null ? null : page + dir;
    }

    /**
     * Where readers see one file of the space in the repository (their "Edit on Git"), as a prefix to which the file's
     * path in the space's layout is appended: GitBook's {@code repoTreeURL} is such a prefix for the repository, so the
     * project directory follows it; without one, GitHub's or GitLab's blob of the ref in the project directory; null
     * for other hosts (as {@link #publicUrl}).
     */
    static String fileUrl(GitSyncStore.Row row) {
        String dir = row.projectDirectory() == null ? "" : row.projectDirectory().replaceAll("^/+|/+$", "");
        dir = dir.isEmpty() ? "" : dir + "/";
        if (row.treeUrl() != null) {
            return row.treeUrl() + (row.treeUrl().endsWith("/") ? "" : "/") + dir;
        }
        String page = providerPage(row, "blob");
        return page == null ? null : page + "/" + dir;
    }

    /**
     * GitHub's or GitLab's page of the ref's {@code kind} ("tree" or "blob") for the repository, without a trailing
     * slash; null for other hosts or an address that is not a URL.
     */
    private static String providerPage(GitSyncStore.Row row, String kind) {
        String provider = provider(row.url());
        if (provider == null || !row.ref().startsWith("refs/heads/")) {
            return null;
        }
        java.net.URI uri;
        try {
            uri = java.net.URI.create(row.url());
        } catch (IllegalArgumentException e) {
            return null;
        }
        if (uri.getHost() == null || uri.getPath() == null) {
            return null;
        }
        String path = uri.getPath().replaceAll("/+$", "").replaceAll("\\.git$", "");
        String branch = row.ref().substring("refs/heads/".length());
        return "https://" + uri.getHost() + path + (provider.equals("gitlab") ? "/-/" : "/") + kind + "/" + branch;
    }

    /** GitBook's GitSyncProvider for a repository on GitHub or GitLab; null for every other host. */
    static String provider(String url) {
        String host;
        try {
            host = url.startsWith("git@") ? url.substring(4, Math.max(4, url.indexOf(':')))
                    : java.net.URI.create(url).getHost();
        } catch (IllegalArgumentException e) {
            return null;
        }
        if (host == null) {
            return null;
        }
        host = host.toLowerCase(java.util.Locale.ROOT);
        if (host.equals("github.com") || host.endsWith(".github.com")) {
            return "github";
        }
        return host.equals("gitlab.com") || host.startsWith("gitlab.") || host.endsWith(".gitlab.com") ? "gitlab" : null;
    }
}
