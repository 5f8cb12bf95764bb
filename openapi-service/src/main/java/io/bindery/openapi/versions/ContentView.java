package io.bindery.openapi.versions;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.util.List;

/**
 * GitBook's OpenAPISpecContent: {@code filesystem} holds every file of the version (the entry point first, then
 * each external file its $refs reached), {@code urls.source} where it came from and {@code urls.public} where anyone
 * reads it (null for a private spec); {@code url} repeats the source, as the seed's shape has it.
 */
public record ContentView(Filesystem filesystem, String url, Urls urls) {

    /** {@code entrypoint} is the path of the entry file; each file's path is relative to the entry's folder or a URL. */
    public record Filesystem(String entrypoint, List<File> files) {
    }

    public record File(String path, String url, boolean entrypoint, String text) {
    }

    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record Urls(String source, @com.fasterxml.jackson.annotation.JsonProperty("public") String publicUrl) {
    }
}
