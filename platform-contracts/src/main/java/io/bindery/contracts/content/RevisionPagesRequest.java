package io.bindery.contracts.content;

import java.util.List;

/**
 * {@code POST /internal/spaces/{s}/revisions/{r}/pages}: these pages of the revision with their markdown, in one
 * call. At most {@link #MAX_PAGES} ids.
 */
public record RevisionPagesRequest(List<String> pages) {
    /** Enough for an export to read a 1,000-page space in a few calls, small enough to keep one answer bounded. */
    public static final int MAX_PAGES = 500;
}
