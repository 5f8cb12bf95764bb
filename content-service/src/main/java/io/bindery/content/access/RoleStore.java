package io.bindery.content.access;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.util.List;
import java.util.Set;

/**
 * What {@link ContentAccess} reads to decide a member's role: the grants that reach it (its own and its active
 * teams', through the team projection) and the default levels of enclosing collections, in one query. The grant
 * tables are written by the permissions feature, which sits above access and is asked nothing here.
 */
@ApplicationScoped
class RoleStore {
    /**
     * The grants that can reach the caller, on the given items: its own (content_grant) and those of the teams
     * it is an active member of (content_team_grant through the team projection), in one query.
     */
    static final String GRANTS_SQL = """
            SELECT 'g', target_id, role FROM content_grant WHERE user_id = :user AND target_id IN (:ids)
            UNION ALL
            SELECT 'g', g.target_id, g.role FROM content_team_grant g
              JOIN projected_team_member tm ON tm.team_id = g.team_id AND tm.user_id = :user AND tm.active
              JOIN projected_team t ON t.id = g.team_id AND t.active
             WHERE g.target_id IN (:ids)""";

    @Inject
    EntityManager em;

    /**
     * Rows of ('g', target id, role) for each grant to the user or its teams on {@code ids}, and of ('c', collection
     * id, default level) for each of {@code ancestors} (none read when empty).
     */
    @SuppressWarnings("unchecked")
    List<Object[]> grantsAndLevels(String userId, Set<String> ids, Set<String> ancestors) {
        var query = em.createNativeQuery(ancestors.isEmpty() ? GRANTS_SQL
                        : GRANTS_SQL + " UNION ALL SELECT 'c', id, default_level FROM collection WHERE id IN (:ancestors)")
                .setParameter("user", userId).setParameter("ids", ids);
        if (!ancestors.isEmpty()) {
            query.setParameter("ancestors", ancestors);
        }
        return query.getResultList();
    }
}
