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

/**
 * The queries of {@code team} and {@code team_member}: the only class that reads or writes them. Team places count
 * only while their user is still a member of the organization, so some statements join {@code member} (members'
 * table) too.
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
        em.createQuery("delete from TeamMember tm where tm.teamId = :team").setParameter("team", team.id).executeUpdate();
        team.delete();
    }

    List<Team> list(String organizationId, Collection<String> teamIds) {
        return Team.list("organizationId = ?1 and id in ?2", organizationId, List.copyOf(teamIds));
    }

    /** Teams by id, ordered by id. */
    List<Team> byIds(List<String> teamIds) {
        return Team.list("id in ?1 order by id", teamIds);
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
        Where where = Where.of("t.organizationId = :org", "org", organizationId);
        titleFilter(where, title);
        if (owner != null) {
            where.and("(t.createdBy = :owner or exists (select 1 from TeamMember o where o.teamId = t.id"
                    + " and o.userId = :owner and o.role = :ownerRole))", "owner", owner).param("ownerRole", TeamRole.OWNER);
        }
        return keyset.hql(em, Team.class, "select t", "from Team t", where);
    }

    /** Members per team, counting only team places whose user still belongs to the organization. */
    Map<String, Long> memberCounts(String organizationId, Collection<String> teamIds) {
        Map<String, Long> counts = new HashMap<>();
        if (teamIds.isEmpty()) {
            return counts;
        }
        em.createQuery("select tm.teamId, count(tm) from TeamMember tm, Member m where tm.teamId in :teams"
                        + " and m.organizationId = :org and m.userId = tm.userId group by tm.teamId", Object[].class)
                .setParameter("teams", teamIds).setParameter("org", organizationId)
                .getResultList().forEach(r -> counts.put((String) r[0], (Long) r[1]));
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
    List<TeamMember> places(String teamId, Collection<String> userIds) {
        return em.createQuery("select tm from TeamMember tm where tm.teamId = :team and tm.userId in :users", TeamMember.class)
                .setParameter("team", teamId).setParameter("users", userIds).getResultList();
    }

    /** One DELETE: how many places it removed (0 or 1). */
    int deletePlace(String teamId, String userId) {
        return em.createQuery("delete from TeamMember tm where tm.teamId = :team and tm.userId = :user")
                .setParameter("team", teamId).setParameter("user", userId).executeUpdate();
    }

    /** A team place with the columns of its member and user. */
    record PlaceRow(TeamMember place, String role, boolean disabled, Instant joinedAt, Instant lastSeenAt, boolean sso,
                    String email, String displayName, String photoUrl) {
    }

    /**
     * A page of the team's members, in the order they joined it. Joined with the organization's members: a team
     * place never outlives the membership it hangs off (and a member always has its user, so joining the user too
     * counts the same rows).
     */
    ListPage<PlaceRow> members(String organizationId, String teamId, String page, int limit) {
        KeysetPage<Object[]> keyset = FIRST_JOINED.page(Keyset.emptyAsFirst(page), limit);
        return keyset.hql(em, Object[].class,
                        "select tm, m.role, m.disabled, m.joinedAt, m.lastSeenAt, m.sso, u.email, u.displayName, u.photoUrl",
                        "from TeamMember tm, Member m, UserAccount u",
                        Where.of("u.id = tm.userId").and("tm.teamId = :team", "team", teamId).and("m.organizationId = :org", "org", organizationId)
                                .and("m.userId = tm.userId"))
                .map(r -> new PlaceRow((TeamMember) r[0], (String) r[1], (Boolean) r[2], (Instant) r[3], (Instant) r[4],
                        (Boolean) r[5], (String) r[6], (String) r[7], (String) r[8]));
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
        Where where = Where.of("tm.teamId = t.id").and("t.organizationId = :org", "org", organizationId).and("tm.userId = :user", "user", userId);
        titleFilter(where, title);
        return keyset.hql(em, Object[].class, "select t, tm.role", "from Team t, TeamMember tm", where)
                .map(r -> new TeamWithRole((Team) r[0], (TeamRole) r[1]));
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

    // The lists' orders. An empty {@code page} is the first page, as it has always been for teams.
    private static final Keyset<Team> OLDEST_TEAM_FIRST = Keyset.ascending(
            SortKey.instant("t.createdAt", t -> t.createdAt), SortKey.text("t.id", t -> t.id));
    /** Rows of (team, the member's role in it). */
    private static final Keyset<Object[]> OLDEST_TEAM_FIRST_WITH_ROLE = Keyset.ascending(
            SortKey.instant("t.createdAt", r -> ((Team) r[0]).createdAt), SortKey.text("t.id", r -> ((Team) r[0]).id));
    /** Rows of (team member, its member's and user's columns). */
    private static final Keyset<Object[]> FIRST_JOINED = Keyset.ascending(
            SortKey.instant("tm.addedAt", r -> ((TeamMember) r[0]).addedAt), SortKey.text("tm.userId", r -> ((TeamMember) r[0]).userId));
}
