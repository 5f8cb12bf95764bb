package io.bindery.content.permissions;

import io.bindery.commons.auth.Role;
import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.Limits;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.SortKey;
import io.bindery.commons.lists.Where;
import io.bindery.content.domain.ContentItem;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * The grants' tables, {@code content_grant} (to users) and {@code content_team_grant} (to teams). Its methods run
 * inside the caller's transaction; {@link UserGrants} and {@link TeamGrants} decide and publish the events.
 */
@ApplicationScoped
class GrantStore {
    /** Rows of (user_id, role, created_at), oldest grant first. */
    private static final Keyset<Object[]> USERS_OLDEST_FIRST = Keyset.ascending(
            SortKey.instant("created_at", r -> (Instant) r[2]), SortKey.text("user_id", r -> (String) r[0]));
    /** Rows of (team_id, role, created_at), oldest grant first. */
    private static final Keyset<Object[]> TEAMS_OLDEST_FIRST = Keyset.ascending(
            SortKey.instant("g.created_at", r -> (Instant) r[2]), SortKey.text("g.team_id", r -> (String) r[0]));

    @Inject
    EntityManager em;

    /** A page of the item's user grants, rows of (user_id, role, created_at); 400 for a bad cursor or limit. */
    ListPage<Object[]> userGrants(String targetId, String page, String limit) {
        return USERS_OLDEST_FIRST.page(Keyset.emptyAsFirst(page), Limits.parse(limit))
                .sql(em, "SELECT user_id, role, created_at", "FROM content_grant", Where.of("target_id = :t", "t", targetId));
    }

    /** A page of the item's grants to teams still active, rows of (team_id, role, created_at). */
    ListPage<Object[]> teamGrants(String targetId, String page, String limit) {
        return TEAMS_OLDEST_FIRST.page(Keyset.emptyAsFirst(page), Limits.parse(limit)).sql(em,
                "SELECT g.team_id, g.role, g.created_at", "FROM content_team_grant g JOIN projected_team t ON t.id = g.team_id AND t.active",
                Where.of("g.target_id = :t", "t", targetId));
    }

    /** Gives a user the role on the item, replacing its grant there. */
    void grantUser(ContentItem item, String userId, Role role) {
        em.createNativeQuery("""
                        INSERT INTO content_grant (target_id, user_id, target_type, organization_id, role, created_at)
                        VALUES (:t, :u, :type, :org, :role, :now)
                        ON CONFLICT (target_id, user_id) DO UPDATE SET role = EXCLUDED.role""")
                .setParameter("t", item.id()).setParameter("u", userId).setParameter("type", item.type())
                .setParameter("org", item.organizationId()).setParameter("role", role.wire())
                .setParameter("now", Instant.now().truncatedTo(ChronoUnit.MILLIS)).executeUpdate();
    }

    /** Makes the creator an admin of the item unless it has a grant there already. */
    void grantCreator(ContentItem item, String userId) {
        em.createNativeQuery("""
                        INSERT INTO content_grant (target_id, user_id, target_type, organization_id, role, created_at)
                        VALUES (:t, :u, :type, :org, :role, :now) ON CONFLICT DO NOTHING""")
                .setParameter("t", item.id()).setParameter("u", userId).setParameter("type", item.type())
                .setParameter("org", item.organizationId()).setParameter("role", Role.ADMIN.wire())
                .setParameter("now", Instant.now().truncatedTo(ChronoUnit.MILLIS)).executeUpdate();
    }

    /** Drops every grant, to users and to teams, on these items (not empty). */
    void dropAll(java.util.Collection<String> targetIds) {
        em.createNativeQuery("DELETE FROM content_grant WHERE target_id IN (:ids)").setParameter("ids", targetIds).executeUpdate();
        em.createNativeQuery("DELETE FROM content_team_grant WHERE target_id IN (:ids)").setParameter("ids", targetIds).executeUpdate();
    }

    /** Removes a user's grant on the item: how many rows went (0 or 1). */
    int revokeUser(ContentItem item, String userId) {
        return em.createNativeQuery("DELETE FROM content_grant WHERE target_id = :t AND user_id = :u")
                .setParameter("t", item.id()).setParameter("u", userId).executeUpdate();
    }

    /** Gives a team the role on the item, replacing its grant there. */
    void grantTeam(ContentItem item, String teamId, Role role) {
        em.createNativeQuery("""
                        INSERT INTO content_team_grant (target_id, team_id, target_type, organization_id, role, created_at)
                        VALUES (:t, :team, :type, :org, :role, :now)
                        ON CONFLICT (target_id, team_id) DO UPDATE SET role = EXCLUDED.role""")
                .setParameter("t", item.id()).setParameter("team", teamId).setParameter("type", item.type())
                .setParameter("org", item.organizationId()).setParameter("role", role.wire())
                .setParameter("now", Instant.now().truncatedTo(ChronoUnit.MILLIS)).executeUpdate();
    }

    /** Removes a team's grant on the item: how many rows went (0 or 1). */
    int revokeTeam(ContentItem item, String teamId) {
        return em.createNativeQuery("DELETE FROM content_team_grant WHERE target_id = :t AND team_id = :team")
                .setParameter("t", item.id()).setParameter("team", teamId).executeUpdate();
    }

    /** Drops a deleted team's grants everywhere: rows of (target_id, target_type, organization_id) it had. */
    @SuppressWarnings("unchecked")
    List<Object[]> dropTeam(String teamId) {
        return em.createNativeQuery("DELETE FROM content_team_grant WHERE team_id = :team "
                        + "RETURNING target_id, target_type, organization_id")
                .setParameter("team", teamId).getResultList();
    }
}
