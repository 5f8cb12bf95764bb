package io.bindery.integrations.gitsync;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** GitBook's GitSyncProvider names GitHub and GitLab only: a repository elsewhere has none. */
class GitSyncStateTest {
    @Test
    void theProviderIsNamedForGitHubAndGitLabOnly() {
        assertEquals("github", GitSyncState.provider("https://github.com/acme/docs.git"));
        assertEquals("github", GitSyncState.provider("git@github.com:acme/docs.git"));
        assertEquals("gitlab", GitSyncState.provider("https://gitlab.com/acme/docs"));
        assertEquals("gitlab", GitSyncState.provider("https://gitlab.acme.example/docs.git"));
        assertEquals("gitlab", GitSyncState.provider("ssh://git@gitlab.com/acme/docs.git"));
        assertNull(GitSyncState.provider("https://codeberg.org/acme/docs.git"));
        assertNull(GitSyncState.provider("https://notgithub.com/acme/docs.git"));
        assertNull(GitSyncState.provider("file:///srv/git/docs.git"));
        assertNull(GitSyncState.provider("not a url"));
    }

    private static GitSyncStore.Row row(String url, String treeUrl, String projectDirectory) {
        return new GitSyncStore.Row("s", "o", url, "refs/heads/main", projectDirectory, treeUrl, null, "success",
                "import", null, null, null, null, null, null, null, true);
    }

    @Test
    void readersAreSentToTheTreeGivenOrToGitHubsAndGitLabsPagesOnly() {
        assertEquals("https://git.example.com/docs/src/branch/main",
                GitSyncState.publicUrl(row("https://git.example.com/docs.git", "https://git.example.com/docs/src/branch/main", null)));
        assertEquals("https://github.com/acme/docs/tree/main/handbook",
                GitSyncState.publicUrl(row("https://github.com/acme/docs.git", null, "handbook/")));
        assertEquals("https://github.com/acme/docs/tree/main",
                GitSyncState.publicUrl(row("ssh://git@github.com/acme/docs.git", null, null)));
        assertEquals("https://gitlab.com/acme/docs/-/tree/main",
                GitSyncState.publicUrl(row("https://gitlab.com/acme/docs", null, null)));
        // another host's address may be internal, a file URL names the server's disk: none
        assertNull(GitSyncState.publicUrl(row("https://git.internal.example/docs.git", null, null)));
        assertNull(GitSyncState.publicUrl(row("file:///srv/git/docs.git", null, null)));
        assertEquals("docs", GitSyncState.repoName("https://github.com/acme/docs.git/"));
    }

    @Test
    void aPagesFileIsFoundUnderTheTreeGivenPlusTheProjectDirectoryOrOnGitHubsAndGitLabsBlobs() {
        // GitBook's repoTreeURL is a prefix for the repository's files: the project directory follows it
        assertEquals("https://git.example.com/docs/src/branch/main/handbook/",
                GitSyncState.fileUrl(row("https://git.example.com/docs.git", "https://git.example.com/docs/src/branch/main", "handbook/")));
        assertEquals("https://git.example.com/docs/src/branch/main/",
                GitSyncState.fileUrl(row("https://git.example.com/docs.git", "https://git.example.com/docs/src/branch/main/", null)));
        assertEquals("https://github.com/acme/docs/blob/main/handbook/",
                GitSyncState.fileUrl(row("https://github.com/acme/docs.git", null, "handbook/")));
        assertEquals("https://github.com/acme/docs/blob/main/",
                GitSyncState.fileUrl(row("ssh://git@github.com/acme/docs.git", null, null)));
        assertEquals("https://gitlab.com/acme/docs/-/blob/main/",
                GitSyncState.fileUrl(row("https://gitlab.com/acme/docs", null, "")));
        assertNull(GitSyncState.fileUrl(row("https://git.internal.example/docs.git", null, null)));
        assertNull(GitSyncState.fileUrl(row("file:///srv/git/docs.git", null, null)));
    }
}
