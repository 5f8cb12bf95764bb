package io.bindery.contracts.content;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * {@code GET /internal/spaces/{s}/revisions/{r}/pages/{pageId}}: one page of a revision with its markdown ("" for a
 * group or link page).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record RevisionPage(String space, String revision, String id, String title, String path, String description,
                           String markdown) {
}
