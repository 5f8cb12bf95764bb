package io.bindery.content.revisions;

import io.bindery.document.MarkdownLinks;
import io.bindery.content.domain.PageLink;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/**
 * The links of stored page markdown, already resolved at write time ({@code authoring.LinkResolver}) to
 * {@code /pages/<id>} and {@code /files/<id>}: what the links, backlinks and broken-link queries read.
 */
public final class StoredLinks {
    private StoredLinks() {
    }

    /** The links of stored (already resolved) markdown, in order. In-page anchors ({@code #x}) are not links. */
    public static List<PageLink> extract(String markdown) {
        List<PageLink> out = new ArrayList<>();
        for (MarkdownLinks.Link link : MarkdownLinks.find(markdown)) {
            String d = link.destination();
            if (d.isEmpty() || d.startsWith("#")) {
                continue;
            }
            int hash = d.indexOf('#');
            String target = hash < 0 ? d : d.substring(0, hash);
            String anchor = hash < 0 ? null : d.substring(hash + 1);
            if (target.startsWith("/pages/") && target.length() > "/pages/".length()) {
                out.add(new PageLink(PageLink.PAGE, target.substring("/pages/".length()), anchor));
            } else if (target.startsWith("/files/") && target.length() > "/files/".length()) {
                out.add(new PageLink(PageLink.FILE, target.substring("/files/".length()), null));
            } else if (hasScheme(d)) {
                out.add(new PageLink(PageLink.URL, d, null));
            } else if (target.endsWith(".md") || !target.startsWith("/")) {
                // a relative page link that matched no page when it was written: reported as broken
                out.add(new PageLink(PageLink.PAGE, target, anchor));
            } else {
                out.add(new PageLink(PageLink.URL, d, null));
            }
        }
        return out;
    }

    /** True for a URL into this Bindery's own app (reported as {@code in-app}). */
    public static boolean inApp(String url, String appBase) {
        try {
            URI u = URI.create(url);
            URI b = URI.create(appBase);
            return u.getHost() != null && u.getHost().equalsIgnoreCase(b.getHost()) && u.getPort() == b.getPort();
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** True for a destination with a URL scheme ({@code https:}, {@code mailto:}, …). */
    public static boolean hasScheme(String destination) {
        return destination.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*");
    }
}
