package io.bindery.content.pages;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** A revision (GitBook Revision, variants edits / merge / update). {@code mergedFrom} is set for merges. */
@JsonPropertyOrder({"object", "id", "type", "parents", "pages", "files", "reusableContents", "tags", "variables",
        "createdAt", "urls", "mergedFrom"})
public record RevisionView(String object, String id, String type, List<String> parents, List<PageView> pages,
                           List<FileView> files, List<Object> reusableContents, List<String> tags,
                           Map<String, String> variables, Instant createdAt, Urls urls, BranchView mergedFrom) {
    public record Urls(String app) {
    }
}
