package io.bindery.sites.sites;

import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;

import java.util.Optional;
import java.util.regex.Pattern;

/** One rule per field of a site's settings (api.md's limits; patterns from GitBook's schema); each a 400 naming it. */
final class SiteRules {
    /** A lowercase DNS name of at least three labels (GitBook's SiteHostname), e.g. docs.example.com. */
    static final Pattern HOSTNAME = Pattern.compile("^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$");
    /** {@code host/path}: a domain, then one or more path segments (GitBook's SiteProxyOrigin), e.g. example.com/docs. */
    static final Pattern PROXY = Pattern.compile("^([\\w-]+\\.)*[\\w-]+\\.[a-zA-Z]{2,}(/[\\w-]+)+$");

    private SiteRules() {
    }

    static Optional<String> title(JsonBody b) {
        nonNull(b, "title");
        return b.string("title", 2, 128, true);
    }

    static Optional<String> basename(JsonBody b) {
        nonNull(b, "basename");
        return b.string("basename", 1, 100, false);
    }

    /** The proxy, or empty for null (remove it). */
    static Optional<String> proxy(JsonBody b) {
        return b.string("proxy").map(p -> {
            if (p.length() > 512 || !PROXY.matcher(p).matches()) {
                throw ApiException.badRequest("proxy must be host/path (e.g. example.com/docs), at most 512 characters, or null");
            }
            return p;
        });
    }

    /** The hostname, or empty for null (remove it). */
    static Optional<String> hostname(JsonBody b) {
        return b.string("hostname").map(h -> {
            if (h.length() > 512 || !HOSTNAME.matcher(h).matches()) {
                throw ApiException.badRequest("hostname must be a lowercase DNS name of at least three labels "
                        + "(e.g. docs.example.com), at most 512 characters, or null");
            }
            return h;
        });
    }

    private static void nonNull(JsonBody b, String field) {
        if (b.isNull(field)) {
            throw ApiException.badRequest(field + " cannot be null");
        }
    }
}
