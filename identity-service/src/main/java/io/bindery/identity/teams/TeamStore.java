package io.bindery.identity.teams;

import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.KeysetPage;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.SortKey;
import io.bindery.commons.lists.Where;
import io.bindery.identity.support.PgArrays;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;

import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static io.bindery.commons.sql.SqlValues.instant;
import static io.bindery.commons.sql.SqlValues.pairByFirstColumn;

/**
 * The queries of {@code team} and {@code team_member}: the only class that reads or writes them. Team places count
 * only while their user is still a member of the organization, so some statements join {@code member} (members'
 * table) too.
 *
 * <p>Native SQL only, no HQL: the first HQL statement loads Hibernate's HQL parser (~750 classes, ~5 MB of metaspace, kept
 * for the life of the JVM). An empty IN list answers nothing without a query ("IN ()" is not SQL).
 */
@ApplicationScoped
class TeamStore {
    @Inject
    EntityManager em;

    // ---------------------------------------------------------------------------------------------- team

    Team find(String teamId) {
        return Team.findById(teamId);
    }

    /** Read and locked (FOR NO KEY UPDATE) until the transaction ends. */
    Team findLocked(String teamId) {
        return em.find(Team.class, teamId, LockModeType.PESSIMISTIC_WRITE);
    }

    void persist(Team team) {
        team.persist();
    }

    /** The team with its member list. */
    void delete(Team team) {
        em.createNativeQuery("DELETE FROM team_member WHERE team_id = :team").setParameter("team", team.id).executeUpdate();
        team.delete();
    }

    @SuppressWarnings("unchecked")
    List<Team> list(String organizationId, Collection<String> teamIds) {
        if (teamIds.isEmpty()) {
            return List.of();
        }
        return em.createNativeQuery("SELECT * FROM team WHERE organization_id = :org AND id IN (:ids)", Team.class)
                .setParameter("org", organizationId).setParameter("ids", List.copyOf(teamIds)).getResultList();
    }

    /** Teams by id, ordered by id. */
    @SuppressWarnings("unchecked")
    List<Team> byIds(List<String> teamIds) {
        if (teamIds.isEmpty()) {
            return List.of();
        }
        return em.createNativeQuery("SELECT * FROM team WHERE id IN (:ids) ORDER BY id", Team.class)
                .setParameter("ids", teamIds).getResultList();
    }

    /** The page of the teams list that {@code page} names (an empty one is the first); 400 for a bad cursor. */
    KeysetPage<Team> teamsPage(String page, int limit) {
        return OLDEST_TEAM_FIRST.page(Keyset.emptyAsFirst(page), limit);
    }

    /**
     * A page of the organization's teams, oldest first; {@code title} a filter (contains, case-insensitive; checked
     * for NUL by the caller); {@code owner} non-null: only the teams that user created or owns.
     */
    ListPage<Team> list(KeysetPage<Team> keyset, String organizationId, String title, String owner) {
        Where where = Where.of("t.organization_id = :org", "org", organizationId);
        titleFilter(where, title);
        if (owner != null) {
            where.and("(t.created_by = :owner OR EXISTS (SELECT 1 FROM team_member o WHERE o.team_id = t.id"
                    + " AND o.user_id = :owner AND o.role = :ownerRole))", "owner", owner)
                    .param("ownerRole", ROLES.convertToDatabaseColumn(TeamRole.OWNER));
        }
        return keyset.sql(em, Team.class, "SELECT t.*", "FROM team t", where);
    }

    /** Members per team, counting only team places whose user still belongs to the organization. */
    Map<String, Long> memberCounts(String organizationId, Collection<String> teamIds) {
        Map<String, Long> counts = new HashMap<>();
        if (teamIds.isEmpty()) {
            return counts;
        }
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT tm.team_id, count(*) FROM team_member tm JOIN member m"
                        + " ON m.organization_id = :org AND m.user_id = tm.user_id WHERE tm.team_id IN (:teams) GROUP BY tm.team_id")
                .setParameter("teams", teamIds).setParameter("org", organizationId).getResultList();
        rows.forEach(r -> counts.put((String) r[0], ((Number) r[1]).longValue()));
        return counts;
    }

    /** Whether the organization has the team, which is then locked FOR KEY SHARE until commit (it cannot be deleted). */
    boolean keepTeam(String organizationId, String teamId) {
        return !em.createNativeQuery("SELECT id FROM team WHERE id = :team AND organization_id = :org FOR KEY SHARE")
                .setParameter("team", teamId).setParameter("org", organizationId).getResultList().isEmpty();
    }

    // --------------------------------------------------------------------------------------- team_member

    TeamMember findPlace(String teamId, String userId) {
        return TeamMember.findById(new TeamMember.Key(teamId, userId));
    }

    /** Writes what the transaction changed so far (before an event counts the team's members). */
    void flush() {
        em.flush();
    }

    void persist(TeamMember place) {
        place.persist();
    }

    void delete(TeamMember place) {
        place.delete();
    }

    /** The places of those users in the team. */
    @SuppressWarnings("unchecked")
    List<TeamMember> places(String teamId, Collection<String> userIds) {
        if (userIds.isEmpty()) {
            return List.of();
        }
        return em.createNativeQuery("SELECT * FROM team_member WHERE team_id = :team AND user_id IN (:users)", TeamMember.class)
                .setParameter("team", teamId).setParameter("users", userIds).getResultList();
    }

    /** One DELETE: how many places it removed (0 or 1). */
    int deletePlace(String teamId, String userId) {
        return em.createNativeQuery("DELETE FROM team_member WHERE team_id = :team AND user_id = :user")
                .setParameter("team", teamId).setParameter("user", userId).executeUpdate();
    }

    /** A team place (its user and team role) with the columns of its member and user. */
    record PlaceRow(String userId, TeamRole teamRole, String role, boolean disabled, Instant joinedAt, Instant lastSeenAt,
                    boolean sso, String email, String displayName, String photoUrl) {
    }

    /**
     * A page of the team's members, in the order they joined it. Joined with the organization's members: a team
     * place never outlives the membership it hangs off (and a member always has its user, so joining the user too
     * counts the same rows).
     */
    ListPage<PlaceRow> members(String organizationId, String teamId, String page, int limit) {
        // plain columns, no entities to hydrate: see FIRST_JOINED for the row
        KeysetPage<Object[]> keyset = FIRST_JOINED.page(Keyset.emptyAsFirst(page), limit);
        return keyset.sql(em, "SELECT tm.user_id, tm.added_at, tm.role, m.role, m.disabled, m.joined_at, m.last_seen_at,"
                                + " m.sso, u.email, u.display_name, u.photo_url",
                        "FROM team_member tm JOIN member m ON m.user_id = tm.user_id JOIN app_user u ON u.id = tm.user_id",
                        Where.of("tm.team_id = :team", "team", teamId).and("m.organization_id = :org", "org", organizationId))
                .map(r -> new PlaceRow((String) r[0], ROLES.convertToEntityAttribute((String) r[2]), (String) r[3],
                        (Boolean) r[4], instant(r[5]), instant(r[6]), (Boolean) r[7], (String) r[8], (String) r[9],
                        (String) r[10]));
    }

    /** A team and the member's role in it. */
    record TeamWithRole(Team team, TeamRole role) {
    }

    /** The page of a member's team list that {@code page} names (an empty one is the first); 400 for a bad cursor. */
    KeysetPage<Object[]> teamsOfPage(String page, int limit) {
        return OLDEST_TEAM_FIRST_WITH_ROLE.page(Keyset.emptyAsFirst(page), limit);
    }

    /** A page of the teams of one user in the organization, oldest team first; {@code title} as in {@link #list}. */
    ListPage<TeamWithRole> teamsOf(KeysetPage<Object[]> keyset, String organizationId, String userId, String title) {
        Where where = Where.of("t.organization_id = :org", "org", organizationId).and("tm.user_id = :user", "user", userId);
        titleFilter(where, title);
        // the page's team ids and roles from one statement, the teams from a second by id (a native query cannot give
        // an entity and a column through KeysetPage)
        return keyset.sql(em, "SELECT t.id, t.created_at, tm.role", "FROM team t JOIN team_member tm ON tm.team_id = t.id", where)
                .render(this::withTeams);
    }

    /** The rows' teams, loaded in one query; a team deleted since the page was read is left out. */
    private List<TeamWithRole> withTeams(List<Object[]> rows) {
        return pairByFirstColumn(rows, this::byIds, (Team t) -> t.id,
                (t, r) -> new TeamWithRole(t, ROLES.convertToEntityAttribute((String) r[2])));
    }

    /** How many teams of the organization each user is in (users in none left out), in one query. */
    void teamCounts(String organizationId, Map<String, Long> counts) {
        // One array parameter rather than an IN list: the statement is planned once, whatever the page size.
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT tm.user_id, count(*) FROM team_member tm JOIN team t ON t.id = tm.team_id"
                        + " WHERE t.organization_id = :org AND tm.user_id = ANY(CAST(:users AS text[])) GROUP BY tm.user_id")
                .setParameter("org", organizationId)
                .setParameter("users", PgArrays.text(counts.keySet()))
                .getResultList();
        rows.forEach(r -> counts.put((String) r[0], ((Number) r[1]).longValue()));
    }

    /** Removes the user's places in the organization's teams; answers the ids of the teams it removed one from. */
    @SuppressWarnings("unchecked")
    List<String> deletePlacesOf(String organizationId, String userId) {
        return em.createNativeQuery("DELETE FROM team_member tm USING team t WHERE t.id = tm.team_id"
                        + " AND t.organization_id = :org AND tm.user_id = :user RETURNING tm.team_id")
                .setParameter("org", organizationId).setParameter("user", userId).getResultList();
    }

    /**
     * Whether the organization has the team, read under FOR SHARE locks of the organization row and then of the team
     * row (two statements, so the organization is locked before the team, in the order of OrgAccess).
     */
    boolean shareLockTeam(String organizationId, String teamId) {
        return !em.createNativeQuery("SELECT id FROM organization WHERE id = :org FOR SHARE")
                .setParameter("org", organizationId).getResultList().isEmpty()
                && !em.createNativeQuery("SELECT id FROM team WHERE id = :team AND organization_id = :org FOR SHARE")
                .setParameter("team", teamId).setParameter("org", organizationId).getResultList().isEmpty();
    }

    /** The team's users that still are members of the organization, in the order they joined the team. */
    @SuppressWarnings("unchecked")
    List<String> memberIds(String organizationId, String teamId) {
        return em.createNativeQuery("SELECT tm.user_id FROM team_member tm JOIN member m"
                        + " ON m.organization_id = :org AND m.user_id = tm.user_id WHERE tm.team_id = :team"
                        + " ORDER BY tm.added_at, tm.user_id")
                .setParameter("org", organizationId).setParameter("team", teamId).getResultList();
    }

    private static void titleFilter(Where where, String title) {
        if (title == null || title.isEmpty()) {
            return;
        }
        String escaped = title.toLowerCase(Locale.ROOT).replace("!", "!!").replace("%", "!%").replace("_", "!_");
        where.and("lower(t.title) like :title escape '!'", "title", "%" + escaped + "%");
    }

    /** team_member.role as stored: native SQL binds and reads the wire name, not the enum. */
    private static final TeamRole.Column ROLES = new TeamRole.Column();

    // The lists' orders. An empty {@code page} is the first page, as it has always been for teams.
    private static final Keyset<Team> OLDEST_TEAM_FIRST = Keyset.ascending(
            SortKey.instant("t.created_at", t -> t.createdAt), SortKey.text("t.id", t -> t.id));
    /** Rows of (team id, its created_at, the member's role in it). */
    private static final Keyset<Object[]> OLDEST_TEAM_FIRST_WITH_ROLE = Keyset.ascending(
            SortKey.instant("t.created_at", r -> instant(r[1])), SortKey.text("t.id", r -> (String) r[0]));
    /** Rows of (user id, added_at, team role, then its member's and user's columns). */
    private static final Keyset<Object[]> FIRST_JOINED = Keyset.ascending(
            SortKey.instant("tm.added_at", r -> instant(r[1])), SortKey.text("tm.user_id", r -> (String) r[0]));
}
