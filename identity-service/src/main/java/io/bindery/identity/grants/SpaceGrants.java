package io.bindery.identity.grants;

import io.bindery.identity.support.PgArrays;
import io.bindery.contracts.content.ContentEventTypes;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.contracts.content.PermissionChanged;
import io.bindery.contracts.content.SpaceChanged;
import io.bindery.contracts.content.SpacePurged;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import java.io.IOException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Collection;
import java.util.HashMap;
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
    EntityManager em;
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
        int fresh = em.createNativeQuery("INSERT INTO processed_event (event_id) VALUES (:id) ON CONFLICT DO NOTHING")
                .setParameter("id", id).executeUpdate();
        if (fresh == 0) {
            return false;
        }
        switch (type) {
            case ContentEventTypes.SPACE_PERMISSION_UPDATED, ContentEventTypes.SPACE_PERMISSION_REMOVED -> {
                PermissionChanged grant = read(data, PermissionChanged.class);
                setGrant(required(grant.space(), "space"), required(grant.organization(), "organization"), grant,
                        type.equals(ContentEventTypes.SPACE_PERMISSION_UPDATED) ? grant.role() : null, time);
            }
            case ContentEventTypes.SPACE_DELETED, ContentEventTypes.SPACE_RESTORED -> {
                SpaceChanged changed = read(data, SpaceChanged.class);
                String space = required(changed.id(), "id");
                setDeleted(space, type.equals(ContentEventTypes.SPACE_DELETED), time);
                setOrganization(space, changed.organization(), time);
            }
            case ContentEventTypes.SPACE_TRANSFERRED -> {
                SpaceChanged changed = read(data, SpaceChanged.class);
                String space = required(changed.id(), "id");
                setOrganization(space, required(changed.organization(), "organization"), time);
                resetGrants(space, time);
            }
            case ContentEventTypes.SPACE_PURGED -> purge(required(read(data, SpacePurged.class).id(), "id"));
            default -> throw new IllegalStateException(type);
        }
        return true;
    }

    /** How many live spaces of the organization are granted to each user directly (0 for none); one query. */
    public Map<String, Long> userSpaces(String organizationId, Collection<String> userIds) {
        return counts(USER, organizationId, userIds);
    }

    /** How many live spaces of the organization are granted to each team (0 for none); one query. */
    public Map<String, Long> teamSpaces(String organizationId, Collection<String> teamIds) {
        return counts(TEAM, organizationId, teamIds);
    }

    private Map<String, Long> counts(String principalType, String organizationId, Collection<String> ids) {
        Map<String, Long> counts = new HashMap<>();
        if (ids == null || ids.isEmpty()) {
            return counts;
        }
        ids.forEach(id -> counts.put(id, 0L));
        // a space counts unless content said it is deleted, purged, or now in another organization
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("""
                        SELECT g.principal_id, count(*) FROM space_grant g
                        LEFT JOIN space_state s ON s.space_id = g.space_id
                        WHERE g.organization_id = :org AND g.principal_type = :type
                          AND g.principal_id = ANY(CAST(:ids AS text[])) AND g.role IS NOT NULL
                          AND (s.space_id IS NULL OR (NOT s.deleted AND NOT s.purged AND g.version >= s.grants_reset_at
                               AND (s.organization_id IS NULL OR s.organization_id = g.organization_id)))
                        GROUP BY g.principal_id""")
                .setParameter("org", organizationId).setParameter("type", principalType)
                .setParameter("ids", PgArrays.text(counts.keySet()))
                .getResultList();
        rows.forEach(r -> counts.put((String) r[0], ((Number) r[1]).longValue()));
        return counts;
    }

    /** A user's or a team's grant on a space: role null removes it (a tombstone, so an older grant cannot revive it). */
    private void setGrant(String space, String organization, PermissionChanged grant, String role, Instant time) {
        String principalType;
        String principal;
        if (grant.user() != null) {
            principalType = USER;
            principal = grant.user();
        } else if (grant.team() != null) {
            principalType = TEAM;
            principal = grant.team();
        } else {
            throw new IllegalArgumentException("a space permission event names neither a user nor a team");
        }
        // a grant older than the space's last transfer was dropped by content with all the others
        em.createNativeQuery("""
                        INSERT INTO space_grant (space_id, principal_type, principal_id, organization_id, role, version)
                        SELECT :space, :type, :principal, :org, CAST(:role AS text), :v
                        WHERE NOT EXISTS (SELECT 1 FROM space_state WHERE space_id = :space AND grants_reset_at > :v)
                        ON CONFLICT (space_id, principal_type, principal_id) DO UPDATE
                        SET organization_id = EXCLUDED.organization_id, role = EXCLUDED.role, version = EXCLUDED.version
                        WHERE space_grant.version <= EXCLUDED.version""")
                .setParameter("space", space).setParameter("type", principalType).setParameter("principal", principal)
                .setParameter("org", organization).setParameter("role", role).setParameter("v", time)
                .executeUpdate();
    }

    private void setDeleted(String space, boolean deleted, Instant time) {
        em.createNativeQuery("""
                        INSERT INTO space_state (space_id, deleted, deleted_version) VALUES (:space, :deleted, :v)
                        ON CONFLICT (space_id) DO UPDATE SET deleted = EXCLUDED.deleted, deleted_version = EXCLUDED.deleted_version
                        WHERE space_state.deleted_version <= EXCLUDED.deleted_version""")
                .setParameter("space", space).setParameter("deleted", deleted).setParameter("v", time).executeUpdate();
    }

    private void setOrganization(String space, String organization, Instant time) {
        if (organization == null) {
            return;
        }
        em.createNativeQuery("""
                        INSERT INTO space_state (space_id, organization_id, org_version) VALUES (:space, :org, :v)
                        ON CONFLICT (space_id) DO UPDATE SET organization_id = EXCLUDED.organization_id,
                            org_version = EXCLUDED.org_version
                        WHERE space_state.org_version <= EXCLUDED.org_version""")
                .setParameter("space", space).setParameter("org", organization).setParameter("v", time).executeUpdate();
    }

    /** A transfer: content dropped every grant of the space; those seen so far become tombstones. */
    private void resetGrants(String space, Instant time) {
        em.createNativeQuery("""
                        INSERT INTO space_state (space_id, grants_reset_at) VALUES (:space, :v)
                        ON CONFLICT (space_id) DO UPDATE SET grants_reset_at = GREATEST(space_state.grants_reset_at, EXCLUDED.grants_reset_at)""")
                .setParameter("space", space).setParameter("v", time).executeUpdate();
        em.createNativeQuery("UPDATE space_grant SET role = NULL, version = :v WHERE space_id = :space AND version < :v")
                .setParameter("space", space).setParameter("v", time).executeUpdate();
    }

    /** Purged is final, whatever the order of events: no grant of the space counts or is kept any more. */
    private void purge(String space) {
        em.createNativeQuery("""
                        INSERT INTO space_state (space_id, purged, grants_reset_at) VALUES (:space, TRUE, 'infinity')
                        ON CONFLICT (space_id) DO UPDATE SET purged = TRUE, grants_reset_at = 'infinity'""")
                .setParameter("space", space).executeUpdate();
        em.createNativeQuery("DELETE FROM space_grant WHERE space_id = :space").setParameter("space", space).executeUpdate();
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
