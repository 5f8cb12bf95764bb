package io.bindery.content.templates;

import java.util.List;

/**
 * One page of a built-in template.
 *
 * @param title    page title shown in the navigation
 * @param slug     URL segment: lowercase a-z, 0-9 and single hyphens; unique among its siblings
 * @param emoji    page icon, or {@code null} when the page has none
 * @param markdown the page content; relative links use git-sync paths ({@code <slug>.md} for a
 *                 leaf, {@code <slug>/README.md} for a page with children)
 * @param pages    child pages in display order (empty for a leaf)
 */
public record TemplatePage(String title, String slug, String emoji, String markdown, List<TemplatePage> pages) {
    public TemplatePage {
        pages = pages == null ? List.of() : List.copyOf(pages);
    }
}
