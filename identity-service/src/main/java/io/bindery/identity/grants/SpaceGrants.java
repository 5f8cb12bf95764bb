package io.bindery.identity.grants;

import io.bindery.contracts.content.ContentEventTypes;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.contracts.content.PermissionChanged;
import io.bindery.contracts.content.SpaceChanged;
import io.bindery.contracts.content.SpacePurged;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.io.IOException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Space grants as content-service reports them on {@code bindery.content.events}, kept for the {@code spaces}
 * counters of Member and Team (the organization's spaces, not deleted, granted to the user, or the team,
 * directly). Fed by {@link io.bindery.identity.events.ContentEventsConsumer}.
 * <p>
 * Each event is applied once (its id goes into {@code processed_event} in the applying transaction), and every
 * write compares the time of the fact with the time of what is stored, so reordered events change nothing:
 * <ul>
 *   <li>a grant (table {@code space_grant}) is set or removed (a tombstone) only by a newer fact, and never by
 *       one older than the last transfer of its space;</li>
 *   <li>a space's deletion, restoration and organization (table {@code space_state}) likewise;</li>
 *   <li>a transfer voids all older grants of the space (content drops them); a purge voids all of them, for good.</li>
 * </ul>
 */
@ApplicationScoped
public class SpaceGrants {
    static final String USER = "user";
    static final String TEAM = "team";

    @Inject
    SpaceGrantStore store;
    @Inject
    ObjectMapper json;

    /**
     * Applies one CloudEvent of bindery.content.events: false when it is none of the types above (collection
     * permissions included) or was applied before. A malformed event of those types is an
     * IllegalArgumentException (the consumer logs and skips it). Runs in the caller's transaction.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public boolean apply(JsonNode event) {
        String type = event.path("type").asText("");
        if (!List.of(ContentEventTypes.SPACE_PERMISSION_UPDATED, ContentEventTypes.SPACE_PERMISSION_REMOVED, ContentEventTypes.SPACE_DELETED, ContentEventTypes.SPACE_RESTORED, ContentEventTypes.SPACE_PURGED, ContentEventTypes.SPACE_TRANSFERRED)
                .contains(type)) {
            return false; // only the events applied are remembered: processed_event does not grow with page edits
        }
        String id = required(text(event, "id"), "id");
        Instant time = time(event);
        JsonNode data = event.path("data");
        if (!store.markProcessed(id)) {
            return false;
        }
        switch (type) {
            case ContentEventTypes.SPACE_PERMISSION_UPDATED, ContentEventTypes.SPACE_PERMISSION_REMOVED -> {
                PermissionChanged grant = read(data, PermissionChanged.class);
                store.setGrant(required(grant.space(), "space"), required(grant.organization(), "organization"), grant,
                        type.equals(ContentEventTypes.SPACE_PERMISSION_UPDATED) ? grant.role() : null, time);
            }
            case ContentEventTypes.SPACE_DELETED, ContentEventTypes.SPACE_RESTORED -> {
                SpaceChanged changed = read(data, SpaceChanged.class);
                String space = required(changed.id(), "id");
                store.setDeleted(space, type.equals(ContentEventTypes.SPACE_DELETED), time);
                store.setOrganization(space, changed.organization(), time);
            }
            case ContentEventTypes.SPACE_TRANSFERRED -> {
                SpaceChanged changed = read(data, SpaceChanged.class);
                String space = required(changed.id(), "id");
                store.setOrganization(space, required(changed.organization(), "organization"), time);
                store.resetGrants(space, time);
            }
            case ContentEventTypes.SPACE_PURGED -> store.purge(required(read(data, SpacePurged.class).id(), "id"));
            default -> throw new IllegalStateException(type);
        }
        return true;
    }

    /** How many live spaces of the organization are granted to each user directly (0 for none); one query. */
    public Map<String, Long> userSpaces(String organizationId, Collection<String> userIds) {
        return store.counts(USER, organizationId, userIds);
    }

    /** How many live spaces of the organization are granted to each team (0 for none); one query. */
    public Map<String, Long> teamSpaces(String organizationId, Collection<String> teamIds) {
        return store.counts(TEAM, organizationId, teamIds);
    }

    /** The event's data as content's payload record of its type; data of another shape is a malformed event. */
    private <T> T read(JsonNode data, Class<T> type) {
        if (!data.isObject()) {
            throw new IllegalArgumentException("data is missing");
        }
        try {
            return json.treeToValue(data, type);
        } catch (IOException e) {
            throw new IllegalArgumentException("data is no " + type.getSimpleName() + ": " + e.getMessage(), e);
        }
    }

    private static Instant time(JsonNode event) {
        String time = required(text(event, "time"), "time");
        try {
            return OffsetDateTime.parse(time).toInstant();
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("time is no ISO 8601 timestamp: " + time);
        }
    }

    private static String required(String value, String field) {
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException(field + " is missing");
        }
        return value;
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.path(field);
        return v.isTextual() ? v.asText() : null;
    }
}
