package io.bindery.openapi.versions;

import java.time.Instant;

/** GitBook's OpenAPISpecVersion. */
public record VersionView(String object, String id, Instant createdAt, String url, Urls urls) {
    public record Urls(String location) {
    }
}
