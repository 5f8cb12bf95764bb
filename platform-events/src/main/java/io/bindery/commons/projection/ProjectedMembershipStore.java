package io.bindery.commons.projection;

import io.bindery.commons.auth.Role;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * {@code projected_organization} and {@code projected_membership}: identity's organizations and memberships as this
 * service knows them ({@link MembershipProjection}). Every write keeps the newer version; every method runs inside
 * the caller's transaction.
 */
@ApplicationScoped
class ProjectedMembershipStore {
    @Inject
    EntityManager em;

    /** Empty when the membership is unknown here; Optional.empty() inside when known not to be a member. */
    Optional<Optional<Membership>> lookup(String organizationId, String userId) {
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

    void upsertOrganization(String id, String defaultRole, Instant version) {
        em.createNativeQuery("""
                        INSERT INTO projected_organization (id, default_role, version) VALUES (:id, CAST(:role AS text), :v)
                        ON CONFLICT (id) DO UPDATE SET default_role = EXCLUDED.default_role, version = EXCLUDED.version
                        WHERE projected_organization.version <= EXCLUDED.version""")
                .setParameter("id", id).setParameter("role", defaultRole).setParameter("v", version).executeUpdate();
    }

    void upsertMembership(String org, String user, String role, boolean active, Instant version) {
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
