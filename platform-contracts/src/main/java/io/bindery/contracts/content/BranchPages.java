package io.bindery.contracts.content;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.util.List;

/** The answer of {@code GET /internal/spaces/{space}/branches/{branch}/pages}: the head's pages in tree order. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record BranchPages(String revision, List<Page> pages) {
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Page(String id, String title, String path, int depth, String markdown) {
    }
}
