package io.bindery.sites.reader;

import io.quarkus.qute.RawString;

import java.util.List;

/** What the reader's page template shows: one page of a published site, as a visitor sees it. */
public record ReaderModel(String siteTitle, String homeUrl, String cssUrl, String searchUrl, String title, String description,
                          boolean noIndex, ReaderTheme theme, List<io.bindery.sites.structure.SectionTabs.Tab> tabs, List<Link> variants, List<NavItem> nav,
                          List<Link> breadcrumbs, Link previous, Link next, List<PageRenderer.OutlineEntry> outline,
                          RawString body, String summary, java.time.Instant updatedAt, String editUrl) {

    /**
     * What search engines and link previews show: the page's description, else the start of its first paragraph
     * (a page without a description would otherwise have none).
     */
    public String metaDescription() {
        return description != null && !description.isBlank() ? description : summary;
    }

    /** The site's theme stylesheet (its accent colours), after the reader's own. */
    public String themeCssUrl() {
        return theme.cssUrl(homeUrl);
    }

    /** The reader's small script (copy buttons); every page works without it. */
    public String scriptUrl() {
        return cssUrl.replace("reader.css", "reader.js");
    }

    /** When the page's content last changed, as the reader shows it (UTC day), or null when content did not say. */
    public String updated() {
        return updatedAt == null ? null : java.time.format.DateTimeFormatter.ofPattern("d MMMM yyyy", java.util.Locale.ENGLISH)
                .withZone(java.time.ZoneOffset.UTC).format(updatedAt);
    }

    /** The same, as a machine-readable date for {@code <time datetime>}. */
    public String updatedIso() {
        return updatedAt == null ? null : java.time.format.DateTimeFormatter.ISO_LOCAL_DATE.withZone(java.time.ZoneOffset.UTC).format(updatedAt);
    }

    /** This model with the date its content last changed. */
    ReaderModel updatedAt(java.time.Instant at) {
        return new ReaderModel(siteTitle, homeUrl, cssUrl, searchUrl, title, description, noIndex, theme, tabs, variants, nav,
                breadcrumbs, previous, next, outline, body, summary, at, editUrl);
    }

    /**
     * This model with the address of the page's file in the synced repository ("Edit on Git"; null: none). {@code url}
     * is an http(s) address without credentials (SpaceGitLinks keeps no other).
     */
    ReaderModel editUrl(String url) {
        return new ReaderModel(siteTitle, homeUrl, cssUrl, searchUrl, title, description, noIndex, theme, tabs, variants, nav,
                breadcrumbs, previous, next, outline, body, summary, updatedAt, url);
    }

    /** The site's icon, beside the stylesheet. */
    public String iconUrl() {
        return cssUrl.replace("reader.css", "favicon.svg");
    }

    /** A link of the variant switcher (site spaces), breadcrumbs, previous/next. */
    public record Link(String title, String url, boolean current) {
    }

    /**
     * An entry of the left navigation, the page tree of the site space as nested lists: {@code branch} when its
     * children follow (the template opens a {@code <ul>} inside its {@code <li>}), else the {@code <li>} is closed and
     * {@code closing} ends the lists it was the last entry of. {@code open}: an ancestor of the current page.
     */
    public record NavItem(String title, String url, int depth, boolean current, boolean group, boolean open, boolean branch,
                          RawString closing) {

        /** The entries of {@code pages} (tree order, each listed page's parent listed before it) as nested lists. */
        static List<NavItem> nested(List<io.bindery.contracts.content.RevisionTree.Page> pages, String currentId,
                                    java.util.Set<String> open, String spaceBase) {
            List<NavItem> out = new java.util.ArrayList<>(pages.size());
            java.util.ArrayDeque<Integer> opened = new java.util.ArrayDeque<>();
            for (int i = 0; i < pages.size(); i++) {
                var p = pages.get(i);
                int nextDepth = i + 1 < pages.size() ? pages.get(i + 1).depth() : -1;
                boolean branch = nextDepth > p.depth();
                StringBuilder closing = new StringBuilder();
                if (branch) {
                    opened.push(p.depth());
                } else {
                    while (!opened.isEmpty() && opened.peek() >= nextDepth) {
                        opened.pop();
                        closing.append("</ul></li>");
                    }
                }
                boolean group = !"document".equals(p.kind());
                String url = "link".equals(p.kind()) ? PageRenderer.safe(p.href() == null ? "" : p.href())
                        : group ? null : spaceBase + p.path();
                out.add(new NavItem(p.title(), url, p.depth(), p.id().equals(currentId), "group".equals(p.kind()),
                        branch && open.contains(p.id()), branch, new RawString(closing.toString())));
            }
            return out;
        }
    }
}
