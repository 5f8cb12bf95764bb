package io.bindery.content.items;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.bindery.content.access.CollectionPolicy;

/** The Collection resource; {@code permissions} is null (omitted) in event data. */
@JsonPropertyOrder({"object", "id", "title", "description", "organization", "parent", "defaultLevel", "urls", "permissions"})
public record CollectionView(String object, String id, String title, String description, String organization, String parent,
                             String defaultLevel, Urls urls, CollectionPolicy.Permissions permissions) {
    public record Urls(String location, String app) {
    }
}
