package io.bindery.content.domain;

import java.time.Instant;

/**
 * A file of a revision, as kept in {@code revision.files}; the bytes are in {@code file_blob} under {@code sha256}.
 * {@code width}/{@code height} are set for images whose size could be read.
 */
public record RevisionFile(String id, String name, String contentType, long size, String sha256, Integer width,
                           Integer height, Instant createdAt) {
}
