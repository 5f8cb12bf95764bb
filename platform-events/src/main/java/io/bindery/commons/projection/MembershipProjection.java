package io.bindery.commons.projection;

import io.bindery.contracts.identity.MembershipResponse;
import io.bindery.contracts.identity.MemberAdded;
import io.bindery.contracts.identity.MemberRemoved;
import io.bindery.contracts.identity.MemberUpdated;
import io.bindery.contracts.identity.OrganizationChanged;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.auth.Role;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.Optional;

/**
 * Organizations and memberships as another service sees them: kept current from identity's events
 * ({@link IdentityEventsConsumer}), and read through to identity's internal API on a miss, so a client that
 * creates an organization and at once acts in it never meets a spurious 404.
 * Every write compares versions (the time of the fact), so redelivered and reordered events change nothing.
 */
@ApplicationScoped
public class MembershipProjection {
    @Inject
    ProjectedMembershipStore memberships;
    @Inject
    ProcessedEventStore processed;
    @Inject
    IdentityClient identity;
    @Inject
    ObjectMapper json;

    /**
     * Recent local answers, so a hot read path does not query the projection on every request. Entries live
     * {@code bindery.projections.memberships.cache-ttl} (1 s) and are dropped when this process applies an event
     * about them; another replica's cache may lag by at most the TTL.
     */
    private final Map<String, Cached> recent = new ConcurrentHashMap<>();
    Duration cacheTtl;

    @Inject
    void configure(io.bindery.commons.config.BinderyServiceConfig config) {
        cacheTtl = config.projections().memberships().cacheTtl();
    }

    private record Cached(Optional<Membership> membership, long expiresAtNanos) {
    }

    /** The caller's membership, or empty when it is not a member of the organization. */
    public Optional<Membership> find(String organizationId, String userId) {
        String key = organizationId + '/' + userId;
        Cached cached = recent.get(key);
        long now = System.nanoTime();
        if (cached != null && cached.expiresAtNanos() - now > 0) {
            return cached.membership();
        }
        Optional<Optional<Membership>> local = QuarkusTransaction.joiningExisting()
                .call(() -> memberships.lookup(organizationId, userId));
        if (local.isPresent()) {
            if (recent.size() > 100_000) {
                recent.clear();
            }
            recent.put(key, new Cached(local.get(), now + cacheTtl.toNanos()));
            return local.get();
        }
        Optional<MembershipResponse> remote = identity.membership(organizationId, userId);
        if (remote.isEmpty()) {
            return Optional.empty();
        }
        MembershipResponse m = remote.get();
        Instant asOf = m.asOf();
        QuarkusTransaction.requiringNew().run(() -> {
            upsertOrganization(organizationId, m.orgDefaultRole(), asOf);
            upsertMembership(organizationId, userId, m.role(), true, asOf);
        });
        return Optional.of(new Membership(organizationId, userId, Role.parse("role", m.role()),
                Role.parse("orgDefaultRole", m.orgDefaultRole())));
    }

    /**
     * Applies one CloudEvent of bindery.identity.events, once: returns false when it was seen before or
     * says nothing this projection keeps. Must run inside a transaction.
     */
    public boolean apply(JsonNode event) {
        return apply(IdentityEvent.read(json, event));
    }

    /** {@link #apply(JsonNode)} of an event already read. */
    public boolean apply(IdentityEvent event) {
        String id = event.id();
        if (id == null) {
            return false;
        }
        if (!processed.markProcessed(id)) {
            return false;
        }
        Instant time = event.instant();
        switch (event.data()) {
            case OrganizationChanged org -> upsertOrganization(org.id(), org.defaultRole(), time);
            case MemberAdded m -> upsertMembership(m.organization(), m.user(), m.role(), true, time);
            case MemberUpdated m -> upsertMembership(m.organization(), m.user(), m.role(), true, time);
            case MemberRemoved m -> upsertMembership(m.organization(), m.user(), null, false, time);
            case null, default -> {
                return false;
            }
        }
        return true;
    }

    private void upsertOrganization(String id, String defaultRole, Instant version) {
        recent.keySet().removeIf(k -> k.startsWith(id + '/'));
        memberships.upsertOrganization(id, defaultRole, version);
    }

    private void upsertMembership(String org, String user, String role, boolean active, Instant version) {
        recent.remove(org + '/' + user);
        memberships.upsertMembership(org, user, role, active, version);
    }
}
