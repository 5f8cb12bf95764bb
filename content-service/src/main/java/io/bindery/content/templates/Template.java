package io.bindery.content.templates;

import java.util.List;

/**
 * A built-in space template: a tree of pages a new space can be filled from.
 *
 * @param id          stable identifier used by the API (e.g. {@code "product-docs"})
 * @param title       name shown in the template picker
 * @param description one or two sentences on what the template is for
 * @param pages       top-level pages in display order
 */
public record Template(String id, String title, String description, List<TemplatePage> pages) {
    public Template {
        pages = pages == null ? List.of() : List.copyOf(pages);
    }
}
