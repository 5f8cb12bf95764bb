package io.bindery.contracts.content;

/** The body of {@code POST /internal/spaces/{space}/branches/{branch}/merge}: who merges. */
public record BranchMergeRequest(String mergedBy) {
}
