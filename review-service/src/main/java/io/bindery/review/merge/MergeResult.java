package io.bindery.review.merge;

/** What merge and update answer: the revision they produced and {@code merge} or {@code update}. */
public record MergeResult(String revision, String result) {
}
