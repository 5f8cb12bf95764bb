package io.bindery.identity.service;

import io.bindery.contracts.identity.TeamResponse;
import io.bindery.contracts.identity.IdentityEventTypes;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.KeysetPage;
import io.bindery.commons.lists.Limits;
import io.bindery.commons.lists.ListPage;
import io.bindery.commons.lists.SortKey;
import io.bindery.commons.lists.Where;
import io.bindery.identity.domain.Member;
import io.bindery.identity.domain.MemberRemoved;
import io.bindery.identity.domain.Team;
import io.bindery.identity.domain.TeamMember;
import io.bindery.identity.domain.UserAccount;
import io.bindery.identity.rest.dto.TeamCreateRequest;
import io.bindery.identity.rest.dto.TeamMemberRoleRequest;
import io.bindery.identity.rest.dto.TeamMemberView;
import io.bindery.identity.rest.dto.TeamMembersUpdateRequest;
import io.bindery.identity.rest.dto.TeamOfMemberView;
import io.bindery.identity.rest.dto.TeamUpdateRequest;
import io.bindery.identity.rest.dto.TeamView;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Teams of an organization and their members.
 * <p>
 * Rights: every member of the organization (guests included) sees teams and their members. Creating a team
 * needs the organization role {@code create} or {@code admin} (a team gathers people to grant them content,
 * which is what those roles are for). A team is managed (renamed, deleted) by organization admins and by
 * its creator; its members are managed by those and by the team's owners.
 * <p>
 * Concurrent writers (lock order in {@link OrgAccess}): every change of a team or of its members locks the team
 * row first, then the member rows of the users it gives a place (FOR KEY SHARE, so they cannot leave the
 * organization before the place is committed). Events carry the team's {@code organization}, so other services
 * can keep a projection of teams and team membership; {@code GET /internal/orgs/{o}/teams/{t}} is its
 * read-through ({@link #fact}).
 */
@ApplicationScoped
public class Teams {
    static final int TITLE_MAX = 64;
    /** Most entries in one of the arrays (or the map) of a members request or of a team's first members. */
    static final int BATCH_MAX = 1000;

    @Inject
    OrgAccess orgAccess;
    @Inject
    Members members;
    @Inject
    EventPublisher events;
    @Inject
    EntityManager em;
    @Inject
    ObjectMapper json;
    @Inject
    SpaceGrants spaceGrants;

    // ---------------------------------------------------------------------------------------------- teams

    /**
     * Teams of the organization, oldest first. {@code owner}: only the teams that user can manage (those
     * they created or own; every team when they are an organization admin; none when they are no member).
     */
    @Transactional
    public ListPage<TeamView> list(String organizationId, String callerId, String title, String owner,
                                   String limitParam, String page) {
        OrgAccess.Access access = member(organizationId, callerId);
        KeysetPage<Team> keyset = OLDEST_TEAM_FIRST.page(Keyset.emptyAsFirst(page), Limits.parse(limitParam));
        Where where = Where.of("t.organizationId = :org", "org", organizationId);
        titleFilter(where, title);
        if (owner != null && !owner.isEmpty()) {
            Member ownerMember = hasNul(owner) ? null : Member.findById(new Member.Key(organizationId, owner));
            if (ownerMember == null) {
                return new ListPage<>(List.of(), 0, null);
            }
            if (!Role.ADMIN.wire().equals(ownerMember.role)) {
                where.and("(t.createdBy = :owner or exists (select 1 from TeamMember o where o.teamId = t.id"
                        + " and o.userId = :owner and o.role = '" + TeamMember.OWNER + "'))", "owner", owner);
            }
        }
        ListPage<Team> rows = keyset.hql(em, Team.class, "select t", "from Team t", where);
        Counts counts = counts(organizationId, rows.items().stream().map(t -> t.id).toList());
        return rows.map(t -> view(t, counts, access));
    }

    /** Creates a team; the caller becomes its owner, the listed organization members its members. */
    @Transactional
    public TeamView create(String organizationId, String callerId, TeamCreateRequest req) {
        OrgAccess.Access access = member(organizationId, callerId);
        Role role = access.role();
        if (role == null || !role.atLeast(Role.CREATE)) {
            throw ApiException.forbidden("only members with the create or admin role may create teams");
        }
        if (req == null) {
            throw ApiException.badRequest("request body is required: {title, members}");
        }
        String title = validTitle(req.title());
        List<String> initial = req.members() == null ? List.of() : req.members();
        if (initial.size() > BATCH_MAX) {
            throw ApiException.badRequest("members: at most " + BATCH_MAX + " user ids");
        }
        LinkedHashSet<String> memberIds = new LinkedHashSet<>();
        for (int i = 0; i < initial.size(); i++) {
            String id = initial.get(i);
            if (id == null || id.isBlank() || hasNul(id)) {
                throw ApiException.badRequest("members[" + i + "] must be a user id");
            }
            memberIds.add(id.trim());
        }
        Set<String> everyone = new LinkedHashSet<>(memberIds);
        everyone.add(callerId);
        Set<String> inOrg = members.keepMembers(organizationId, everyone);
        if (!inOrg.contains(callerId)) {
            throw ApiException.notFound("no organization " + organizationId); // the caller left it meanwhile
        }
        for (String id : memberIds) {
            if (!inOrg.contains(id)) {
                throw ApiException.badRequest("members: '" + id + "' is not a member of the organization");
            }
        }

        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        Team team = new Team();
        team.id = Ids.newId();
        team.organizationId = organizationId;
        team.title = title;
        team.createdBy = callerId;
        team.createdAt = now;
        team.persist();
        Map<String, String> added = new LinkedHashMap<>();
        added.put(callerId, TeamMember.OWNER);
        for (String id : memberIds) {
            added.putIfAbsent(id, TeamMember.MEMBER);
        }
        added.forEach((userId, teamRole) -> place(team.id, userId, teamRole, now).persist());

        Counts counts = new Counts(Map.of(team.id, (long) added.size()), Map.of()); // a new team has no grants yet
        events.publish(IdentityEventTypes.TEAM_CREATED, team.id, eventData(team, counts));
        // the first members as a members change too, so consumers keep one path for team membership
        events.publish(IdentityEventTypes.TEAM_MEMBERS_UPDATED, team.id, membersChange(team, counts, added, List.of(), Map.of()));
        return view(team, counts, access);
    }

    @Transactional
    public TeamView get(String organizationId, String callerId, String teamId) {
        OrgAccess.Access access = member(organizationId, callerId);
        Team team = requireTeam(organizationId, teamId, false);
        return view(team, counts(team), access);
    }

    @Transactional
    public TeamView update(String organizationId, String callerId, String teamId, TeamUpdateRequest req) {
        OrgAccess.Access access = member(organizationId, callerId);
        Team team = requireTeam(organizationId, teamId, true);
        requireTeamAdmin(access, team);
        if (req == null) {
            throw ApiException.badRequest("request body is required: {title}");
        }
        String title = validTitle(req.title());
        Counts counts = counts(team);
        if (!title.equals(team.title)) {
            team.title = title;
            events.publish(IdentityEventTypes.TEAM_UPDATED, team.id, eventData(team, counts));
        }
        return view(team, counts, access);
    }

    /** Deletes a team with its member list; nothing to do (still a success) when it does not exist. */
    @Transactional
    public void delete(String organizationId, String callerId, String teamId) {
        OrgAccess.Access access = member(organizationId, callerId);
        // locked: a concurrent delete waits, then finds no team (204), instead of deleting a deleted row (a 500)
        Team team = teamId == null || hasNul(teamId) ? null : em.find(Team.class, teamId, LockModeType.PESSIMISTIC_WRITE);
        if (team == null || !team.organizationId.equals(organizationId)) {
            return;
        }
        requireTeamAdmin(access, team);
        ObjectNode data = eventData(team, counts(team));
        em.createQuery("delete from TeamMember tm where tm.teamId = :team").setParameter("team", team.id).executeUpdate();
        team.delete();
        events.publish(IdentityEventTypes.TEAM_DELETED, team.id, data);
    }

    // --------------------------------------------------------------------------------------- team members

    /** The members of a team, in the order they joined it. */
    @Transactional
    public ListPage<TeamMemberView> listMembers(String organizationId, String callerId, String teamId,
                                                String limitParam, String page) {
        member(organizationId, callerId);
        Team team = requireTeam(organizationId, teamId, false);
        KeysetPage<Object[]> keyset = FIRST_JOINED.page(Keyset.emptyAsFirst(page), Limits.parse(limitParam));
        // joined with the organization's members: a team place never outlives the membership it hangs off (and a
        // member always has its user, so joining the user too counts the same rows)
        ListPage<Object[]> rows = keyset.hql(em, Object[].class, "select tm, m, u", "from TeamMember tm, Member m, UserAccount u",
                Where.of("u.id = tm.userId").and("tm.teamId = :team", "team", team.id).and("m.organizationId = :org", "org", organizationId)
                        .and("m.userId = tm.userId"));
        List<String> userIds = rows.items().stream().map(r -> ((TeamMember) r[0]).userId).toList();
        Map<String, Long> teamCounts = teamCounts(organizationId, userIds);
        Map<String, Long> spaceCounts = spaceGrants.userSpaces(organizationId, userIds);
        return rows.map(r -> {
            TeamMember place = (TeamMember) r[0];
            return new TeamMemberView(members.view((Member) r[1], (UserAccount) r[2],
                    teamCounts.getOrDefault(place.userId, 0L), spaceCounts.getOrDefault(place.userId, 0L)),
                    new TeamMemberView.TeamRole(place.role), new TeamMemberView.Permissions(true));
        });
    }

    /** Adds, removes and re-roles team members in one go; a user both added and removed ends up removed. */
    @Transactional
    public void updateMembers(String organizationId, String callerId, String teamId, TeamMembersUpdateRequest req) {
        OrgAccess.Access access = member(organizationId, callerId);
        Team team = requireTeam(organizationId, teamId, true);
        requireMemberManager(access, team);
        if (req == null) {
            throw ApiException.badRequest("request body is required: {add, remove, memberships}");
        }
        List<String> add = entries("add", req.add());
        List<String> remove = entries("remove", req.remove());
        Map<String, TeamMemberRoleRequest> memberships = req.memberships() == null ? Map.of() : req.memberships();
        if (memberships.size() > BATCH_MAX) {
            throw ApiException.badRequest("memberships: at most " + BATCH_MAX + " entries");
        }
        Map<String, String> roleByEntry = new LinkedHashMap<>();
        for (Map.Entry<String, TeamMemberRoleRequest> e : memberships.entrySet()) {
            String key = e.getKey() == null ? "" : e.getKey().trim();
            String field = "memberships['" + e.getKey() + "'].role";
            if (key.isEmpty() || hasNul(key)) {
                throw ApiException.badRequest("memberships: keys must be user ids or e-mail addresses");
            }
            if (e.getValue() == null || e.getValue().role() == null) {
                throw ApiException.badRequest(field + " is required");
            }
            roleByEntry.put(key, validRole(field, e.getValue().role()));
        }
        Map<String, String> addIds = resolveMembers(organizationId, "add", add);
        Map<String, String> removeIds = resolveMembers(organizationId, "remove", remove);
        Map<String, String> roleIds = resolveMembers(organizationId, "memberships", roleByEntry.keySet());

        // wanted role per user: null = add as member, or keep the current role when already in the team
        Map<String, String> wanted = new LinkedHashMap<>();
        addIds.values().forEach(id -> wanted.putIfAbsent(id, null));
        roleByEntry.forEach((entry, role) -> wanted.put(roleIds.get(entry), role));
        Set<String> removed = new LinkedHashSet<>(removeIds.values());
        removed.forEach(wanted::remove);

        Set<String> involved = new HashSet<>(wanted.keySet());
        involved.addAll(removed);
        Map<String, TeamMember> current = new HashMap<>();
        if (!involved.isEmpty()) {
            em.createQuery("select tm from TeamMember tm where tm.teamId = :team and tm.userId in :users", TeamMember.class)
                    .setParameter("team", team.id).setParameter("users", involved).getResultList()
                    .forEach(tm -> current.put(tm.userId, tm));
        }
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        Map<String, String> addedRoles = new LinkedHashMap<>();
        Map<String, String> changedRoles = new LinkedHashMap<>();
        List<String> removedIds = new ArrayList<>();
        for (String userId : removed) {
            TeamMember place = current.get(userId);
            if (place != null) {
                place.delete();
                removedIds.add(userId);
            }
        }
        wanted.forEach((userId, role) -> {
            TeamMember place = current.get(userId);
            if (place == null) {
                String r = role == null ? TeamMember.MEMBER : role;
                place(team.id, userId, r, now).persist();
                addedRoles.put(userId, r);
            } else if (role != null && !role.equals(place.role)) {
                place.role = role;
                changedRoles.put(userId, role);
            }
        });
        publishMembersChange(team, addedRoles, removedIds, changedRoles);
    }

    /** Adds a user to the team, or sets their role; an absent role means {@code member}. */
    @Transactional
    public void putMember(String organizationId, String callerId, String teamId, String userId, TeamMemberRoleRequest req) {
        OrgAccess.Access access = member(organizationId, callerId);
        Team team = requireTeam(organizationId, teamId, true);
        requireMemberManager(access, team);
        String role = req == null || req.role() == null ? TeamMember.MEMBER : validRole("role", req.role());
        if (userId == null || hasNul(userId) || members.keepMembers(organizationId, List.of(userId)).isEmpty()) {
            throw ApiException.notFound("no member " + userId + " in the organization");
        }
        TeamMember place = TeamMember.findById(new TeamMember.Key(team.id, userId));
        if (place == null) {
            place(team.id, userId, role, Instant.now().truncatedTo(ChronoUnit.MILLIS)).persist();
            publishMembersChange(team, Map.of(userId, role), List.of(), Map.of());
        } else if (!role.equals(place.role)) {
            place.role = role;
            publishMembersChange(team, Map.of(), List.of(), Map.of(userId, role));
        }
    }

    /** Removes a user from the team; a success also when they were not in it. */
    @Transactional
    public void removeMember(String organizationId, String callerId, String teamId, String userId) {
        OrgAccess.Access access = member(organizationId, callerId);
        Team team = requireTeam(organizationId, teamId, true);
        requireMemberManager(access, team);
        // one DELETE whose count says whether there was a place: the user leaving the organization at the same
        // time (which takes the place away without the team lock) cannot turn this into a delete of nothing
        int deleted = userId == null || hasNul(userId) ? 0
                : em.createQuery("delete from TeamMember tm where tm.teamId = :team and tm.userId = :user")
                .setParameter("team", team.id).setParameter("user", userId).executeUpdate();
        if (deleted > 0) {
            publishMembersChange(team, Map.of(), List.of(userId), Map.of());
        }
    }

    /** The teams of one member of the organization, with their role in each; oldest team first. */
    @Transactional
    public ListPage<TeamOfMemberView> teamsOfMember(String organizationId, String callerId, String userId, String title,
                                                    String limitParam, String page) {
        OrgAccess.Access access = member(organizationId, callerId);
        if (hasNul(userId) || Member.findById(new Member.Key(organizationId, userId)) == null) {
            throw ApiException.notFound("no member " + userId + " in the organization");
        }
        KeysetPage<Object[]> keyset = OLDEST_TEAM_FIRST_WITH_ROLE.page(Keyset.emptyAsFirst(page), Limits.parse(limitParam));
        Where where = Where.of("tm.teamId = t.id").and("t.organizationId = :org", "org", organizationId).and("tm.userId = :user", "user", userId);
        titleFilter(where, title);
        ListPage<Object[]> rows = keyset.hql(em, Object[].class, "select t, tm.role", "from Team t, TeamMember tm", where);
        Counts counts = counts(organizationId, rows.items().stream().map(r -> ((Team) r[0]).id).toList());
        return rows.map(r -> new TeamOfMemberView(view((Team) r[0], counts, access), new TeamMemberView.TeamRole((String) r[1])));
    }

    // ------------------------------------------------------------------------------ for other components

    /**
     * Team resources of one organization by id, for resources that embed a team (a SAML provider's
     * defaultTeam). Permissions are the caller's; a null access gives the event shape (no permissions).
     */
    @Transactional
    public Map<String, TeamView> views(String organizationId, Collection<String> teamIds, OrgAccess.Access access) {
        Map<String, TeamView> out = new HashMap<>();
        if (teamIds.isEmpty()) {
            return out;
        }
        Counts counts = counts(organizationId, teamIds);
        Team.<Team>list("organizationId = ?1 and id in ?2", organizationId, List.copyOf(teamIds))
                .forEach(t -> out.put(t.id, view(t, counts, access)));
        return out;
    }

    /** How many teams of the organization each user is in (0 for users in none), in one query. */
    @Transactional
    public Map<String, Long> teamCounts(String organizationId, Collection<String> userIds) {
        Map<String, Long> counts = new HashMap<>();
        if (userIds == null || userIds.isEmpty()) {
            return counts;
        }
        userIds.forEach(id -> counts.put(id, 0L));
        // One array parameter rather than an IN list: the statement is planned once, whatever the page size.
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT tm.user_id, count(*) FROM team_member tm JOIN team t ON t.id = tm.team_id"
                        + " WHERE t.organization_id = :org AND tm.user_id = ANY(CAST(:users AS text[])) GROUP BY tm.user_id")
                .setParameter("org", organizationId)
                .setParameter("users", PgArrays.text(counts.keySet()))
                .getResultList();
        rows.forEach(r -> counts.put((String) r[0], ((Number) r[1]).longValue()));
        return counts;
    }

    /**
     * A user who leaves the organization leaves all its teams, in the same transaction, with a members change
     * ({@code removed}) for each team they were in. The teams are those whose place the DELETE itself removed:
     * a place given concurrently was committed before (the member's DELETE waited for its KEY SHARE lock) and
     * is removed here too, and a team deleted concurrently (which removed the place first) gets no event.
     */
    @Transactional
    void onMemberRemoved(@Observes MemberRemoved e) {
        @SuppressWarnings("unchecked")
        List<String> teamIds = em.createNativeQuery("DELETE FROM team_member tm USING team t WHERE t.id = tm.team_id"
                        + " AND t.organization_id = :org AND tm.user_id = :user RETURNING tm.team_id")
                .setParameter("org", e.organizationId()).setParameter("user", e.userId()).getResultList();
        if (teamIds.isEmpty()) {
            return;
        }
        for (Team team : Team.<Team>list("id in ?1 order by id", teamIds)) {
            publishMembersChange(team, Map.of(), List.of(e.userId()), Map.of());
        }
    }

    /**
     * The read-through of other services' team projections: the team's members that still are members of the
     * organization. Reads under FOR SHARE locks of the organization row and then of the team row, so it waits
     * for every change of the team's members under way (they hold one of them): an event published before
     * {@code asOf} is never about a change this answer does not show. 404 when the organization has no such team.
     */
    @Transactional
    public TeamResponse fact(String organizationId, String teamId, Instant asOf) {
        if (organizationId == null || teamId == null || hasNul(organizationId) || hasNul(teamId)) {
            throw ApiException.notFound("no team " + teamId + " in organization " + organizationId);
        }
        // two statements, so the organization is locked before the team, in the order of OrgAccess
        boolean found = !em.createNativeQuery("SELECT id FROM organization WHERE id = :org FOR SHARE")
                .setParameter("org", organizationId).getResultList().isEmpty()
                && !em.createNativeQuery("SELECT id FROM team WHERE id = :team AND organization_id = :org FOR SHARE")
                .setParameter("team", teamId).setParameter("org", organizationId).getResultList().isEmpty();
        if (!found) {
            throw ApiException.notFound("no team " + teamId + " in organization " + organizationId);
        }
        @SuppressWarnings("unchecked")
        List<String> userIds = em.createNativeQuery("SELECT tm.user_id FROM team_member tm JOIN member m"
                        + " ON m.organization_id = :org AND m.user_id = tm.user_id WHERE tm.team_id = :team"
                        + " ORDER BY tm.added_at, tm.user_id")
                .setParameter("org", organizationId).setParameter("team", teamId).getResultList();
        return new TeamResponse(organizationId, teamId, userIds, asOf);
    }

    // ------------------------------------------------------------------------------------------- helpers

    private OrgAccess.Access member(String organizationId, String callerId) {
        if (hasNul(organizationId)) {
            throw ApiException.notFound("no organization " + organizationId);
        }
        return orgAccess.requireMember(organizationId, callerId);
    }

    /** The team, or 404 when it is not one of this organization's; locked when its members are to change. */
    private Team requireTeam(String organizationId, String teamId, boolean lock) {
        Team team = hasNul(teamId) ? null
                : lock ? em.find(Team.class, teamId, LockModeType.PESSIMISTIC_WRITE) : Team.findById(teamId);
        if (team == null || !team.organizationId.equals(organizationId)) {
            throw ApiException.notFound("no team " + teamId + " in the organization");
        }
        return team;
    }

    /** May the caller rename and delete the team: organization admins and the team's creator. */
    private static boolean teamAdmin(OrgAccess.Access access, Team team) {
        return access.admin() || team.createdBy.equals(access.member().userId);
    }

    private static void requireTeamAdmin(OrgAccess.Access access, Team team) {
        if (!teamAdmin(access, team)) {
            throw ApiException.forbidden("only admins of the organization and the team's creator may change this team");
        }
    }

    /** Members are managed by those who manage the team and by the team's owners. */
    private static void requireMemberManager(OrgAccess.Access access, Team team) {
        if (teamAdmin(access, team)) {
            return;
        }
        TeamMember place = TeamMember.findById(new TeamMember.Key(team.id, access.member().userId));
        if (place == null || !TeamMember.OWNER.equals(place.role)) {
            throw ApiException.forbidden("only admins of the organization, the team's creator and its owners may change its members");
        }
    }

    private TeamView view(Team team, Counts counts, OrgAccess.Access access) {
        TeamView.Permissions permissions = access == null ? null : new TeamView.Permissions(teamAdmin(access, team), true);
        return new TeamView("team", team.id, team.title, counts.members(team.id), counts.spaces(team.id), team.createdAt,
                permissions);
    }

    /** The data of the team events: the Team without permissions, plus the {@code organization} it belongs to. */
    private ObjectNode eventData(Team team, Counts counts) {
        ObjectNode data = json.valueToTree(view(team, counts, null));
        data.put("organization", team.organizationId);
        return data;
    }

    /** Members and spaces per team. */
    private record Counts(Map<String, Long> members, Map<String, Long> spaces) {
        long members(String teamId) {
            return members.getOrDefault(teamId, 0L);
        }

        long spaces(String teamId) {
            return spaces.getOrDefault(teamId, 0L);
        }
    }

    /** Two queries whatever the number of teams. */
    private Counts counts(String organizationId, Collection<String> teamIds) {
        return new Counts(memberCounts(organizationId, teamIds), spaceGrants.teamSpaces(organizationId, teamIds));
    }

    private Counts counts(Team team) {
        return counts(team.organizationId, List.of(team.id));
    }

    /** Members per team, counting only team places whose user still belongs to the organization. */
    private Map<String, Long> memberCounts(String organizationId, Collection<String> teamIds) {
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

    private static TeamMember place(String teamId, String userId, String role, Instant at) {
        TeamMember place = new TeamMember();
        place.teamId = teamId;
        place.userId = userId;
        place.role = role;
        place.addedAt = at;
        return place;
    }

    private void publishMembersChange(Team team, Map<String, String> added, List<String> removed, Map<String, String> changed) {
        if (added.isEmpty() && removed.isEmpty() && changed.isEmpty()) {
            return;
        }
        em.flush();
        events.publish(IdentityEventTypes.TEAM_MEMBERS_UPDATED, team.id, membersChange(team, counts(team), added, removed, changed));
    }

    /**
     * The team (with its {@code organization}), plus the ids of the users added, removed and whose role changed,
     * and the new roles.
     */
    private ObjectNode membersChange(Team team, Counts counts, Map<String, String> added, List<String> removed,
                                     Map<String, String> changed) {
        ObjectNode data = eventData(team, counts);
        data.set("added", json.valueToTree(List.copyOf(added.keySet())));
        data.set("removed", json.valueToTree(removed));
        data.set("changed", json.valueToTree(List.copyOf(changed.keySet())));
        Map<String, String> roles = new TreeMap<>(added);
        roles.putAll(changed);
        data.set("roles", json.valueToTree(roles));
        return data;
    }

    /** An array of user ids or e-mails: trimmed, deduplicated, at most {@link #BATCH_MAX}. */
    private static List<String> entries(String field, List<String> values) {
        if (values == null) {
            return List.of();
        }
        if (values.size() > BATCH_MAX) {
            throw ApiException.badRequest(field + ": at most " + BATCH_MAX + " entries");
        }
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (int i = 0; i < values.size(); i++) {
            String v = values.get(i);
            if (v == null || v.isBlank() || hasNul(v)) {
                throw ApiException.badRequest(field + "[" + i + "] must be a user id or an e-mail address");
            }
            out.add(v.trim());
        }
        return new ArrayList<>(out);
    }

    /**
     * Maps each entry (a user id, or an e-mail address when it holds an @) to the id of the organization
     * member it names; 400 naming the first entry that names none. Two queries whatever the number of entries.
     */
    private Map<String, String> resolveMembers(String organizationId, String field, Collection<String> entries) {
        Map<String, String> out = new LinkedHashMap<>();
        if (entries.isEmpty()) {
            return out;
        }
        Set<String> emails = new HashSet<>();
        Set<String> candidates = new HashSet<>();
        for (String entry : entries) {
            if (entry.contains("@")) {
                emails.add(entry.toLowerCase(Locale.ROOT));
            } else {
                candidates.add(entry);
            }
        }
        Map<String, String> idByEmail = new HashMap<>();
        if (!emails.isEmpty()) {
            em.createQuery("select lower(u.email), u.id from UserAccount u where lower(u.email) in :emails", Object[].class)
                    .setParameter("emails", emails).getResultList()
                    .forEach(r -> idByEmail.put((String) r[0], (String) r[1]));
            candidates.addAll(idByEmail.values());
        }
        Set<String> inOrg = members.keepMembers(organizationId, candidates);
        for (String entry : entries) {
            String userId = entry.contains("@") ? idByEmail.get(entry.toLowerCase(Locale.ROOT)) : entry;
            if (userId == null || !inOrg.contains(userId)) {
                throw ApiException.badRequest(field + ": '" + entry + "' is not a member of the organization");
            }
            out.put(entry, userId);
        }
        return out;
    }

    static String validTitle(String title) {
        if (title == null) {
            throw ApiException.badRequest("title is required");
        }
        String t = title.trim();
        int length = t.codePointCount(0, t.length());
        if (length < 1 || length > TITLE_MAX) {
            throw ApiException.badRequest("title must be between 1 and " + TITLE_MAX + " characters");
        }
        if (t.chars().anyMatch(Character::isISOControl)) {
            throw ApiException.badRequest("title must not contain control characters");
        }
        return t;
    }

    static String validRole(String field, String role) {
        if (TeamMember.OWNER.equals(role) || TeamMember.MEMBER.equals(role)) {
            return role;
        }
        throw ApiException.badRequest(field + " must be one of owner, member");
    }

    /** See {@link Inputs#hasNul}: such a path or query value is answered 404 or 400, never reaching the database. */
    private static boolean hasNul(String value) {
        return Inputs.hasNul(value);
    }

    private static void titleFilter(Where where, String title) {
        if (title == null || title.isEmpty()) {
            return;
        }
        if (hasNul(title)) {
            throw ApiException.badRequest("title must not contain NUL characters");
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
    /** Rows of (team member, member, user). */
    private static final Keyset<Object[]> FIRST_JOINED = Keyset.ascending(
            SortKey.instant("tm.addedAt", r -> ((TeamMember) r[0]).addedAt), SortKey.text("tm.userId", r -> ((TeamMember) r[0]).userId));
}
