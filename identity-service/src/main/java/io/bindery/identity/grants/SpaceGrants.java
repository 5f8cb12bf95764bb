package io.bindery.identity.grants;

import io.bindery.commons.events.Delivery;
import io.bindery.contracts.content.ContentEventTypes;
import io.bindery.contracts.content.PermissionChanged;
import io.bindery.contracts.content.SpaceChanged;
import io.bindery.contracts.content.SpacePurged;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.util.Collection;
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

    /**
     * A space grant set ({@code bindery.space.permission.updated.v1}) or removed ({@code .removed.v1}): false when
     * the event was applied before. Data that names no space, organization or principal, or an event without time, is
     * an IllegalArgumentException (dead-lettered). Runs in the caller's transaction, as the methods below.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public boolean permissionChanged(Delivery<PermissionChanged> event) {
        Instant time = time(event);
        PermissionChanged grant = event.data();
        String space = required(grant.space(), "space");
        String organization = required(grant.organization(), "organization");
        if (!store.markProcessed(required(event.id(), "id"))) {
            return false;
        }
        store.setGrant(space, organization, grant,
                ContentEventTypes.SPACE_PERMISSION_UPDATED.equals(event.type()) ? grant.role() : null, time);
        return true;
    }

    /** A space deleted ({@code bindery.space.deleted.v1}) or restored ({@code .restored.v1}). */
    @Transactional(Transactional.TxType.MANDATORY)
    public boolean deletedOrRestored(Delivery<SpaceChanged> event) {
        Instant time = time(event);
        String space = required(event.data().id(), "id");
        if (!store.markProcessed(required(event.id(), "id"))) {
            return false;
        }
        store.setDeleted(space, ContentEventTypes.SPACE_DELETED.equals(event.type()), time);
        store.setOrganization(space, event.data().organization(), time);
        return true;
    }

    /** A space moved to another organization: every older grant of it is void (content dropped them). */
    @Transactional(Transactional.TxType.MANDATORY)
    public boolean transferred(Delivery<SpaceChanged> event) {
        Instant time = time(event);
        String space = required(event.data().id(), "id");
        String organization = required(event.data().organization(), "organization");
        if (!store.markProcessed(required(event.id(), "id"))) {
            return false;
        }
        store.setOrganization(space, organization, time);
        store.resetGrants(space, time);
        return true;
    }

    /** A space purged: its grants are void for good. */
    @Transactional(Transactional.TxType.MANDATORY)
    public boolean purged(Delivery<SpacePurged> event) {
        String space = required(event.data().id(), "id");
        if (!store.markProcessed(required(event.id(), "id"))) {
            return false;
        }
        store.purge(space);
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

    private static Instant time(Delivery<?> event) {
        if (event.time() == null) {
            throw new IllegalArgumentException("time is missing");
        }
        return event.time();
    }

    private static String required(String value, String field) {
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException(field + " is missing");
        }
        return value;
    }
}
