package io.bindery.integrations.sources;

/** Names the scopes an integration needs to receive each kind of platform event. */
final class Scopes {
    static final String SPACE_CONTENT = "space:content:read";
    static final String SITE_METADATA = "site:metadata:read";

    private Scopes() {
    }
}
