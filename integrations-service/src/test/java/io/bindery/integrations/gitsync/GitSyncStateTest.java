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
}
