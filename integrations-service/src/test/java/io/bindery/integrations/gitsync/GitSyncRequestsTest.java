package io.bindery.integrations.gitsync;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * GitBook documents repoTreeURL and repoCommitURL as any string: a client's value is accepted, and kept (shown to
 * readers as the Space's gitSync.url) only when it is an http(s) URL without credentials.
 */
class GitSyncRequestsTest {
    static final ObjectMapper JSON = new ObjectMapper();

    private static GitSyncRequests.Target target(String tree, String commit) throws Exception {
        return GitSyncRequests.Import.from(JSON.readTree("{\"url\":\"https://github.com/acme/docs.git\","
                + "\"ref\":\"refs/heads/main\",\"repoTreeURL\":" + JSON.writeValueAsString(tree)
                + ",\"repoCommitURL\":" + JSON.writeValueAsString(commit) + "}")).target();
    }

    @Test
    void aWebAddressIsKept() throws Exception {
        GitSyncRequests.Target t = target("https://github.com/acme/docs/tree/main", "https://github.com/acme/docs/commit/");
        assertEquals("https://github.com/acme/docs/tree/main", t.treeUrl());
        assertEquals("https://github.com/acme/docs/commit/", t.commitUrl());
    }

    @Test
    void anyOtherStringIsAcceptedButNeverShown() throws Exception {
        GitSyncRequests.Target t = target("javascript:alert(1)", "Sweep repoCommitURL");
        assertNull(t.treeUrl());
        assertNull(t.commitUrl());
        assertNull(target("https://user:token@github.com/acme/docs/tree/main", "").treeUrl());
        assertNull(target("file:///srv/git/docs", "ssh://git@github.com/acme/docs").treeUrl());
    }
}
