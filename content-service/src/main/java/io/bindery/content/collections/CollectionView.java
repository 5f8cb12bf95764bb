package io.bindery.content.collections;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/** The Collection resource; {@code permissions} is null (omitted) in event data. */
@JsonPropertyOrder({"object", "id", "title", "description", "organization", "parent", "defaultLevel", "urls", "permissions"})
public record CollectionView(String object, String id, String title, String description, String organization, String parent,
                             String defaultLevel, Urls urls, Permissions permissions) {
    public record Urls(String location, String app) {
    }

    public record Permissions(boolean view, boolean admin, boolean viewInviteLinks, boolean create) {
    }
}
