package io.bindery.content.domain;

/**
 * A link found in a page's markdown when it was written.
 *
 * @param kind   {@code page} (target = page id, or the unresolved destination when no page matched),
 *               {@code file} (target = file id) or {@code url}
 * @param anchor the {@code #fragment} of a page link, or null
 */
public record PageLink(String kind, String target, String anchor) {
    public static final String PAGE = "page";
    public static final String FILE = "file";
    public static final String URL = "url";
}
