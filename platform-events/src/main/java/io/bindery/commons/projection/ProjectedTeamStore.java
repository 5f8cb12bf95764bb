package io.bindery.commons.projection;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * {@code projected_team} and {@code projected_team_member}: identity's teams and their members as this service knows
 * them ({@link TeamProjection}). Every write compares versions; every method runs inside the caller's transaction.
 */
@ApplicationScoped
class ProjectedTeamStore {
    @Inject
    EntityManager em;

    /** Empty when the team is unknown here; else whether it is active and of the organization. */
    Optional<Boolean> activeIn(String organizationId, String teamId) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT organization_id, active FROM projected_team WHERE id = :t")
                .setParameter("t", teamId).getResultList();
        return rows.isEmpty() ? Optional.empty()
                : Optional.of(organizationId.equals(rows.get(0)[0]) && Boolean.TRUE.equals(rows.get(0)[1]));
    }

    void upsertTeam(String id, String org, boolean active, Instant version) {
        // a deletion is final: a reordered "created" or "members updated" of the same instant cannot revive it
        em.createNativeQuery("""
                        INSERT INTO projected_team (id, organization_id, active, version) VALUES (:id, :org, :active, :v)
                        ON CONFLICT (id) DO UPDATE SET active = EXCLUDED.active AND projected_team.active,
                            version = GREATEST(projected_team.version, EXCLUDED.version)
                        WHERE projected_team.version <= EXCLUDED.version OR NOT EXCLUDED.active""")
                .setParameter("id", id).setParameter("org", org).setParameter("active", active)
                .setParameter("v", version).executeUpdate();
    }

    void upsertMember(String team, String user, String org, boolean active, Instant version) {
        em.createNativeQuery("""
                        INSERT INTO projected_team_member (team_id, user_id, organization_id, active, version)
                        VALUES (:team, :user, :org, :active, :v)
                        ON CONFLICT (team_id, user_id) DO UPDATE SET active = EXCLUDED.active, version = EXCLUDED.version
                        WHERE projected_team_member.version <= EXCLUDED.version""")
                .setParameter("team", team).setParameter("user", user).setParameter("org", org)
                .setParameter("active", active).setParameter("v", version).executeUpdate();
    }
}
