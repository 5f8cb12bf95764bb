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
import jakarta.persistence.EntityManager;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.List;
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
    EntityManager em;
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
        Optional<Optional<Membership>> local = QuarkusTransaction.joiningExisting().call(() -> lookup(organizationId, userId));
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

    /** Local answer: empty when unknown here (ask identity), Optional.empty() inside when known not to be a member. */
    private Optional<Optional<Membership>> lookup(String organizationId, String userId) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("""
                        SELECT m.role, m.active, o.default_role FROM projected_membership m
                        JOIN projected_organization o ON o.id = m.organization_id
                        WHERE m.organization_id = :org AND m.user_id = :user""")
                .setParameter("org", organizationId).setParameter("user", userId).getResultList();
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        Object[] row = rows.get(0);
        if (!Boolean.TRUE.equals(row[1])) {
            return Optional.of(Optional.empty());
        }
        return Optional.of(Optional.of(new Membership(organizationId, userId,
                Role.parse("role", (String) row[0]), Role.parse("defaultRole", (String) row[2]))));
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
        int fresh = em.createNativeQuery("INSERT INTO processed_event (event_id) VALUES (:id) ON CONFLICT DO NOTHING")
                .setParameter("id", id).executeUpdate();
        if (fresh == 0) {
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
        em.createNativeQuery("""
                        INSERT INTO projected_organization (id, default_role, version) VALUES (:id, CAST(:role AS text), :v)
                        ON CONFLICT (id) DO UPDATE SET default_role = EXCLUDED.default_role, version = EXCLUDED.version
                        WHERE projected_organization.version <= EXCLUDED.version""")
                .setParameter("id", id).setParameter("role", defaultRole).setParameter("v", version).executeUpdate();
    }

    private void upsertMembership(String org, String user, String role, boolean active, Instant version) {
        recent.remove(org + '/' + user);
        em.createNativeQuery("""
                        INSERT INTO projected_membership (organization_id, user_id, role, active, version)
                        VALUES (:org, :user, CAST(:role AS text), :active, :v)
                        ON CONFLICT (organization_id, user_id) DO UPDATE
                        SET role = EXCLUDED.role, active = EXCLUDED.active, version = EXCLUDED.version
                        WHERE projected_membership.version <= EXCLUDED.version""")
                .setParameter("org", org).setParameter("user", user).setParameter("role", role)
                .setParameter("active", active).setParameter("v", version).executeUpdate();
    }
}
