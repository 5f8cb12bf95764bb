package io.bindery.openapi.versions;

/** A file of a public spec's latest version as the published route serves it (a copy of its row). */
public record PublishedFile(String path, String content) {
}
