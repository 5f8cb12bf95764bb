package io.bindery.content.items;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.content.access.SpacePolicy;

import java.time.Instant;

/**
 * The Space resource; {@code permissions} is null (omitted) in event data; {@code gitSync} (GitBook's GitSyncState)
 * only while the space is continuously synced with a Git repository.
 */
@JsonPropertyOrder({"object", "id", "title", "emoji", "visibility", "createdAt", "updatedAt", "deletedAt", "editMode",
        "mergeRules", "urls", "organization", "parent", "language", "revision", "defaultLevel", "comments",
        "changeRequests", "changeRequestsOpen", "changeRequestsDraft", "gitSync", "permissions"})
public record SpaceView(String object, String id, String title, String emoji, String visibility, Instant createdAt, Instant updatedAt,
                        Instant deletedAt, String editMode, JsonNode mergeRules, Urls urls, String organization,
                        String parent, String language, String revision, String defaultLevel, int comments,
                        int changeRequests, int changeRequestsOpen, int changeRequestsDraft,
                        @JsonInclude(JsonInclude.Include.NON_NULL) JsonNode gitSync,
                        SpacePolicy.Permissions permissions) {
    /** {@code published}: set once a site publishes the space (absent otherwise). */
    public record Urls(String location, String app, String published) {
    }
}
