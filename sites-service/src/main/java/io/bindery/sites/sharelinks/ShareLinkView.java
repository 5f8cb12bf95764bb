package io.bindery.sites.sharelinks;

import java.time.Instant;

/** GitBook's ShareLink; the key is only in {@code urls.published}, as {@code share=<key>}. */
public record ShareLinkView(String object, String id, Instant createdAt, String name, boolean active, Urls urls) {
    public record Urls(String published) {
    }
}
