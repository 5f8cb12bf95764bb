package io.bindery.content.authoring;

import io.bindery.content.config.ContentConfig;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.outbound.OutboundGuard;
import io.bindery.commons.outbound.OutboundRefused;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Downloads a file named by URL in an {@code insert_files} change, before the write transaction starts, through
 * the {@link OutboundGuard}: no internal address (loopback, private, link-local, …) unless
 * {@code bindery.outbound.allow} lets it, checked after DNS and on every redirect. A refused URL is a 400 naming it
 * and why, and nothing is stored. Operators who want no server-side fetching at all set
 * {@code bindery.content.file-fetch.enabled=false}.
 */
@ApplicationScoped
public class FileFetcher {
    @Inject
    OutboundGuard guard;
    @Inject
    ContentConfig config;

    public record Fetched(byte[] bytes, String contentType) {
    }

    public Fetched fetch(String url, int maxBytes, String field) {
        if (!config.content().fileFetch().enabled()) {
            throw ApiException.badRequest(field + ": files by URL are turned off on this server; send base64");
        }
        try {
            OutboundGuard.Fetched f = guard.fetch(url, maxBytes);
            return new Fetched(f.bytes(), f.contentType());
        } catch (OutboundRefused e) {
            throw ApiException.badRequest(field + ": " + e.getMessage());
        }
    }
}
