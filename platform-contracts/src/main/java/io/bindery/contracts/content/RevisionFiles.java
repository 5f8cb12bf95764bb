package io.bindery.contracts.content;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.util.List;

/**
 * {@code GET /internal/spaces/{s}/revisions/{r}/files}: the revision's files (no bytes: each is read with the file
 * read), in the order content keeps them.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record RevisionFiles(String space, String revision, List<File> files) {

    @JsonIgnoreProperties(ignoreUnknown = true)
    public record File(String id, String name, String contentType, long size) {
    }
}
