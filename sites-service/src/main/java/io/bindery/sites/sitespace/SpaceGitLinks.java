package io.bindery.sites.sitespace;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.net.URI;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

/**
 * Where the files of a continuously synced space are seen in its repository (table space_git_link): the prefix of
 * the reader's "Edit on Git" links, kept from integrations' Git Sync events, the newest {@code updatedAt} winning.
 * Only an http(s) address without credentials is ever kept: a file, ssh or other URL (or one with a user name in it)
 * counts as none, so no page can show one whatever an event carries.
 */
@ApplicationScoped
public class SpaceGitLinks {

    @Inject
    SpaceSourceStore store;

    /** The link prefix of a synced space and when it was set. */
    public record GitLink(String fileUrl, Instant updatedAt) {
    }

    /**
     * Records the space's sync at {@code version} unless a newer one is recorded: {@code fileUrl} while synced, none
     * otherwise (runs in the caller's transaction).
     */
    public void apply(String spaceId, boolean synced, String fileUrl, Instant version) {
        String kept = synced ? shown(fileUrl) : null;
        store.upsertGitLink(spaceId, kept, version);
    }

    /** The space's link prefix while it is synced with one. */
    public Optional<GitLink> of(String spaceId) {
        return store.gitLink(spaceId);
    }

    /** {@code url} when readers may be sent there: http(s), a host, no user info; else null. */
    static String shown(String url) {
        if (url == null || url.isBlank()) {
            return null;
        }
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            boolean web = scheme.equals("https") || scheme.equals("http");
            return web && uri.getHost() != null && uri.getRawUserInfo() == null ? url : null;
        } catch (java.net.URISyntaxException e) {
            return null;
        }
    }
}
