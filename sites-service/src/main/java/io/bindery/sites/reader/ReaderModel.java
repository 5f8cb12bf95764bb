package io.bindery.sites.reader;

import io.quarkus.qute.RawString;

import java.util.List;

/** What the reader's page template shows: one page of a published site, as a visitor sees it. */
public record ReaderModel(String siteTitle, String homeUrl, String cssUrl, String searchUrl, String title, String description,
                          boolean noIndex, String theme, List<Link> tabs, List<Link> variants, List<NavItem> nav,
                          List<Link> breadcrumbs, Link previous, Link next, List<PageRenderer.OutlineEntry> outline,
                          RawString body) {

    /** The site's icon, beside the stylesheet. */
    public String iconUrl() {
        return cssUrl.replace("reader.css", "favicon.svg");
    }

    /** A link of the tabs (sections), the variant switcher (site spaces), breadcrumbs, previous/next. */
    public record Link(String title, String url, boolean current) {
    }

    /** An entry of the left navigation: the page tree of the site space. */
    public record NavItem(String title, String url, int depth, boolean current, boolean group) {
        /** Indentation for the template (CSS class {@code d0}..{@code d5}). */
        public int indent() {
            return Math.min(depth, 5);
        }
    }
}
