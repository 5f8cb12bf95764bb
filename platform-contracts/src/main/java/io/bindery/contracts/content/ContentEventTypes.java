package io.bindery.contracts.content;

import java.util.Map;
import java.util.Set;

/**
 * The CloudEvent types content-service publishes on {@value #TOPIC} (documented in its asyncapi.yaml). The one
 * place these strings are spelled: content publishes with them and every consumer matches on them.
 */
public final class ContentEventTypes {
    public static final String TOPIC = "bindery.content.events";

    public static final String SPACE_CREATED = "bindery.space.created.v1";
    public static final String SPACE_UPDATED = "bindery.space.updated.v1";
    public static final String SPACE_DELETED = "bindery.space.deleted.v1";
    public static final String SPACE_RESTORED = "bindery.space.restored.v1";
    public static final String SPACE_MOVED = "bindery.space.moved.v1";
    public static final String SPACE_TRANSFERRED = "bindery.space.transferred.v1";
    public static final String SPACE_PURGED = "bindery.space.purged.v1";
    public static final String COLLECTION_CREATED = "bindery.collection.created.v1";
    public static final String COLLECTION_UPDATED = "bindery.collection.updated.v1";
    public static final String COLLECTION_DELETED = "bindery.collection.deleted.v1";
    public static final String COLLECTION_MOVED = "bindery.collection.moved.v1";
    public static final String COLLECTION_TRANSFERRED = "bindery.collection.transferred.v1";
    public static final String SPACE_PERMISSION_UPDATED = "bindery.space.permission.updated.v1";
    public static final String SPACE_PERMISSION_REMOVED = "bindery.space.permission.removed.v1";
    public static final String COLLECTION_PERMISSION_UPDATED = "bindery.collection.permission.updated.v1";
    public static final String COLLECTION_PERMISSION_REMOVED = "bindery.collection.permission.removed.v1";
    public static final String SPACE_CONTENT_UPDATED = "bindery.space.content.updated.v1";
    public static final String CHANGE_REQUEST_CONTENT_UPDATED = "bindery.change-request.content.updated.v1";

    /** The space events whose data is the whole Space as content shows it (a consumer's stored copy follows them). */
    public static final Set<String> SPACE_VIEWS = Set.of(SPACE_CREATED, SPACE_UPDATED, SPACE_DELETED, SPACE_RESTORED,
            SPACE_MOVED, SPACE_TRANSFERRED);

    /**
     * Each type's data record. Space and collection events carry content's public view; their records hold the
     * fields consumers read ({@link SpaceChanged}, {@link CollectionChanged}); the others are what content builds.
     */
    public static final Map<String, Class<?>> PAYLOADS = Map.ofEntries(
            Map.entry(SPACE_CREATED, SpaceChanged.class), Map.entry(SPACE_UPDATED, SpaceChanged.class),
            Map.entry(SPACE_DELETED, SpaceChanged.class), Map.entry(SPACE_RESTORED, SpaceChanged.class),
            Map.entry(SPACE_MOVED, SpaceChanged.class), Map.entry(SPACE_TRANSFERRED, SpaceChanged.class),
            Map.entry(SPACE_PURGED, SpacePurged.class),
            Map.entry(COLLECTION_CREATED, CollectionChanged.class), Map.entry(COLLECTION_UPDATED, CollectionChanged.class),
            Map.entry(COLLECTION_DELETED, CollectionChanged.class), Map.entry(COLLECTION_MOVED, CollectionChanged.class),
            Map.entry(COLLECTION_TRANSFERRED, CollectionChanged.class),
            Map.entry(SPACE_PERMISSION_UPDATED, PermissionChanged.class), Map.entry(SPACE_PERMISSION_REMOVED, PermissionChanged.class),
            Map.entry(COLLECTION_PERMISSION_UPDATED, PermissionChanged.class),
            Map.entry(COLLECTION_PERMISSION_REMOVED, PermissionChanged.class),
            Map.entry(SPACE_CONTENT_UPDATED, SpaceContentUpdated.class),
            Map.entry(CHANGE_REQUEST_CONTENT_UPDATED, ChangeRequestContentUpdated.class));

    private ContentEventTypes() {
    }

    /** A grant on a space or collection ({@code itemType} "space" or "collection") was set. */
    public static String permissionUpdated(String itemType) {
        return switch (itemType) {
            case "space" -> SPACE_PERMISSION_UPDATED;
            case "collection" -> COLLECTION_PERMISSION_UPDATED;
            default -> throw new IllegalArgumentException("no permission events for " + itemType);
        };
    }

    /** A grant on a space or collection ({@code itemType} "space" or "collection") was removed. */
    public static String permissionRemoved(String itemType) {
        return switch (itemType) {
            case "space" -> SPACE_PERMISSION_REMOVED;
            case "collection" -> COLLECTION_PERMISSION_REMOVED;
            default -> throw new IllegalArgumentException("no permission events for " + itemType);
        };
    }
}
