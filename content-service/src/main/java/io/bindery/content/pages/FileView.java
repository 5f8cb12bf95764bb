package io.bindery.content.pages;

/** A file of a revision (GitBook RevisionFile); {@code downloadURL} serves the bytes to a caller who can read the space. */
public record FileView(String id, String name, String contentType, String downloadURL, long size, Dimensions dimensions) {
    public record Dimensions(int width, int height) {
    }
}
