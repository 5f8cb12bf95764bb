package io.bindery.content.pages;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A page of a revision (GitBook RevisionPageDocument / Group / Link). {@code markdown} or {@code document} are set
 * only when one page is read; {@code git} is left out with {@code metadata=false}.
 */
@JsonPropertyOrder({"id", "title", "emoji", "icon", "createdAt", "updatedAt", "kind", "type", "urls", "slug", "path",
        "description", "pages", "git", "layout", "hidden", "noIndex", "noRobotsIndex", "tags", "target", "href", "markdown",
        "document"})
public record PageView(String id, String title, String emoji, String icon, Instant createdAt, Instant updatedAt,
                       String kind, String type, Urls urls, String slug, String path, String description,
                       List<PageView> pages, Git git, Layout layout, Boolean hidden, Boolean noIndex,
                       Boolean noRobotsIndex, List<String> tags, Target target, String href, String markdown,
                       Map<String, Object> document) {
    /** A link page's target, GitBook's ContentRef: an address ({@code kind: "url"}), the only kind a batch makes. */
    public record Target(String kind, String url) {
        public static Target url(String href) {
            return href == null ? null : new Target("url", href);
        }
    }

    public record Urls(String app) {
    }

    public record Git(String oid, String path) {
    }

    /** GitBook's page layout options; Bindery has only the default layout (coverMask, actions, anchors: @gitbook/api 0.202). */
    public record Layout(String width, boolean cover, String coverSize, String coverMask, boolean title,
                         boolean description, boolean tableOfContents, boolean outline, boolean pagination,
                         boolean metadata, boolean tags, boolean actions, boolean anchors) {
        public static final Layout DEFAULT = new Layout("default", false, "hero", "none", true, true, true, true, true,
                true, true, true, true);
    }

    /** The tree of pages under the current-content and page-list endpoints. */
    public record Tree(List<PageView> pages) {
    }
}
