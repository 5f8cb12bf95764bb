package io.bindery.commons.projection;

import io.bindery.contracts.identity.IdentityEventTypes;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.contracts.identity.UserChanged;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Identity's users as another service sees them, to show a {@code User} object for a user id it only knows
 * from its own data (grants, authors): kept current from identity's user events ({@link IdentityEventsConsumer}),
 * and read through to identity's internal API on a miss. Every write compares versions (the time of the
 * fact), so redelivered and reordered events change nothing.
 */
@ApplicationScoped
public class UserDirectory {

    @Inject
    ProjectedUserStore users;
    @Inject
    IdentityClient identity;
    @Inject
    ObjectMapper json;

    /** The user, or empty when identity knows no such user. */
    public Optional<UserRef> find(String userId) {
        if (userId == null || userId.isBlank()) {
            return Optional.empty();
        }
        return Optional.ofNullable(findAll(List.of(userId)).get(userId));
    }

    /**
     * The users among {@code userIds} that exist, by id, in the order asked: one query for those known here,
     * then one read-through per miss (what is learned is stored). Ids identity does not know are left out.
     */
    public Map<String, UserRef> findAll(Collection<String> userIds) {
        LinkedHashSet<String> wanted = new LinkedHashSet<>();
        for (String id : userIds) {
            if (id != null && !id.isBlank()) {
                wanted.add(id);
            }
        }
        if (wanted.isEmpty()) {
            return Map.of();
        }
        Map<String, UserRef> known = new HashMap<>(QuarkusTransaction.joiningExisting().call(() -> users.byIds(wanted)));
        List<Fact> learned = new ArrayList<>();
        for (String id : wanted) {
            if (!known.containsKey(id)) {
                identity.user(id).ifPresent(u -> learned.add(new Fact(new UserRef(u.id(), u.displayName(), u.email(), u.photoURL()), u.asOf())));
            }
        }
        if (!learned.isEmpty()) {
            // its own transaction: what identity said holds whatever becomes of the caller's transaction
            QuarkusTransaction.requiringNew().run(() -> learned.forEach(f -> users.upsert(f.user(), f.asOf())));
            learned.forEach(f -> known.put(f.user().id(), f.user()));
        }
        Map<String, UserRef> found = new LinkedHashMap<>();
        for (String id : wanted) {
            UserRef user = known.get(id);
            if (user != null) {
                found.put(id, user);
            }
        }
        return found;
    }

    /**
     * The active members of {@code organizationId} whose e-mail is {@code email} (case ignored), as far as this
     * service's projections know them (identity has no lookup by e-mail to read through): their ids, sorted.
     */
    public List<String> membersWithEmail(String organizationId, String email) {
        if (organizationId == null || email == null || email.isBlank()) {
            return List.of();
        }
        return QuarkusTransaction.joiningExisting()
                .call(() -> users.activeMembersWithEmail(organizationId, email.strip()));
    }

    private record Fact(UserRef user, Instant asOf) {
    }

    /**
     * Applies one CloudEvent of bindery.identity.events if it is a user event ({@value IdentityEventTypes#USER_CREATED},
     * {@value IdentityEventTypes#USER_UPDATED}; data = the User object): returns true when it changed the directory, false when it
     * says nothing the directory keeps, was applied before, or is older than what is known. Must run inside a
     * transaction. A user event without {@code data.id} or a valid {@code time} is rejected
     * (IllegalArgumentException).
     */
    public boolean apply(JsonNode event) {
        return apply(IdentityEvent.read(json, event));
    }

    /** {@link #apply(JsonNode)} of an event already read. */
    public boolean apply(IdentityEvent event) {
        String type = event.type();
        if (!IdentityEventTypes.USER_CREATED.equals(type) && !IdentityEventTypes.USER_UPDATED.equals(type)) {
            return false;
        }
        String eventId = event.id() == null ? "?" : event.id();
        UserChanged user = event.data(UserChanged.class);
        if (user == null || user.id() == null) {
            throw new IllegalArgumentException(type + " event " + eventId + " has no data.id");
        }
        Instant time;
        try {
            time = event.instant();
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(type + " event " + eventId + " has no valid time", e);
        }
        return users.upsert(new UserRef(user.id(), user.displayName(), user.email(), user.photoURL()), time) > 0;
    }
}
