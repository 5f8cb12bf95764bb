package io.bindery.contracts.content;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.time.Instant;
import java.util.List;

/**
 * {@code GET /internal/spaces/{s}/revisions/{r}/tree}: a revision's pages in tree order, without their markdown (the
 * site reader's navigation). {@code depth} 0 is the root level; {@code kind} is {@code document}, {@code group} or
 * {@code link} ({@code href} for a link); hidden pages are included with {@code hidden} set. {@code createdAt}: when
 * the revision was made (the reader's Last-Modified; null from a provider that does not know it).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record RevisionTree(String space, String revision, List<Page> pages, Instant createdAt) {
    public RevisionTree(String space, String revision, List<Page> pages) {
        this(space, revision, pages, null);
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Page(String id, String kind, String title, String path, int depth, String description, String emoji,
                       boolean hidden, boolean noIndex, String href) {
    }
}
