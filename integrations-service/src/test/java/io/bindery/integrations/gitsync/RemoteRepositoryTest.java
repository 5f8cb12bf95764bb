package io.bindery.integrations.gitsync;

import io.bindery.commons.errors.ApiException;
import io.bindery.commons.outbound.OutboundPolicy;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RemoteRepositoryTest {
    private static final OutboundPolicy NOTHING_INTERNAL = new OutboundPolicy(List.of());
    private static final OutboundPolicy LOOPBACK = new OutboundPolicy(List.of("127.0.0.0/8"), List.of(8086));

    private static String refused(String url, boolean allowFile, OutboundPolicy policy) {
        ApiException e = assertThrows(ApiException.class, () -> RemoteRepository.parse(url, allowFile, policy));
        assertEquals(400, e.status());
        return e.getMessage();
    }

    @Test
    void credentialsAreTakenOutOfTheUrl() {
        RemoteRepository r = RemoteRepository.parse("http://bot:s%40cret@127.0.0.1:3000/acme/docs.git", false, LOOPBACK);
        assertEquals("http://127.0.0.1:3000/acme/docs.git", r.url());
        assertEquals("bot", r.username());
        assertEquals("s@cret", r.password());
        assertTrue(!r.toString().contains("cret"));
    }

    @Test
    void internalAddressesAndTheServicesOwnPortsAreRefused() {
        assertTrue(refused("https://127.0.0.1/x.git", false, NOTHING_INTERNAL).contains("refused"));
        assertTrue(refused("https://10.1.2.3/x.git", false, NOTHING_INTERNAL).contains("refused"));
        assertTrue(refused("http://127.0.0.1:8086/x.git", false, LOOPBACK).contains("own listeners"));
        assertTrue(refused("https://no-such-host.invalid/x.git", false, NOTHING_INTERNAL).contains("not known"));
    }

    @Test
    void fileUrlsOnlyWhereTheOperatorAllowsThem() {
        assertTrue(refused("file:///srv/repo.git", false, NOTHING_INTERNAL).contains("file URLs are not allowed"));
        RemoteRepository r = RemoteRepository.parse("file:///srv/repo.git", true, NOTHING_INTERNAL);
        assertEquals("file:///srv/repo.git", r.url());
        assertNull(r.username());
    }

    @Test
    void sshUrlsKeepTheirUserAndGoThroughTheOutboundPolicy() {
        RemoteRepository r = RemoteRepository.parse("ssh://git@127.0.0.1:2222/acme/docs.git", false, LOOPBACK);
        assertEquals("ssh://git@127.0.0.1:2222/acme/docs.git", r.url());
        assertTrue(r.isSsh());
        assertNull(r.username());
        // scp-like, as hosts show them
        assertEquals("ssh://git@127.0.0.1/acme/docs.git",
                RemoteRepository.parse("git@127.0.0.1:acme/docs.git", false, LOOPBACK).url());
        assertTrue(refused("ssh://git@127.0.0.1/x.git", false, NOTHING_INTERNAL).contains("refused"));
        assertTrue(refused("ssh://git:pw@127.0.0.1/x.git", false, LOOPBACK).contains("no password"));
        assertTrue(refused("ssh://127.0.0.1", false, LOOPBACK).contains("a host and a path"));
        assertTrue(!r.withSshKey("-----BEGIN PRIVATE KEY-----").toString().contains("PRIVATE"));
    }

    @Test
    void sshKeysThatCannotBeUsedAreA400() {
        assertThrows(ApiException.class, () -> SshKeys.parse("not a key"));
        ApiException e = assertThrows(ApiException.class, () -> SshKeys.parse(
                "-----BEGIN OPENSSH PRIVATE KEY-----\nAAAA\n-----END OPENSSH PRIVATE KEY-----"));
        assertEquals(400, e.status());
    }

    @Test
    void otherSchemesAndBrokenUrlsAreRefused() {
        assertTrue(refused("gopher://example.com/x.git", false, NOTHING_INTERNAL).contains("only https, ssh"));
        assertTrue(refused("https://exa mple.com/x", false, NOTHING_INTERNAL).contains("not a valid URL"));
    }

    @Test
    void projectDirectoriesStayInside() {
        assertEquals("docs/", GitSyncRequests.directory("./docs/"));
        assertEquals("a/b/", GitSyncRequests.directory("/a/b"));
        assertEquals("", GitSyncRequests.directory("."));
        assertThrows(ApiException.class, () -> GitSyncRequests.directory("docs/../../x"));
    }
}
