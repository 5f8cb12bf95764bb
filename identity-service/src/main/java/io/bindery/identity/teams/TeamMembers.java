package io.bindery.identity.teams;

import io.bindery.identity.grants.SpaceGrants;
import io.bindery.identity.members.MemberRow;
import io.bindery.identity.members.MemberRemoved;
import io.bindery.identity.members.Members;
import io.bindery.identity.members.TeamCounts;
import io.bindery.identity.organizations.OrgAccess;
import io.bindery.identity.users.Users;
import io.bindery.contracts.identity.TeamResponse;
import io.bindery.contracts.identity.IdentityEventTypes;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.lists.KeysetPage;
import io.bindery.commons.lists.Limits;
import io.bindery.commons.lists.ListPage;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.time.Instant;
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

/**
 * The members of an organization's teams: list, add, remove and re-role them, the teams of one member, and the
 * read-through of other services' team projections ({@link #fact}). Rights and lock order as in {@link Teams}:
 * every change locks the team row first, then the member rows of the users it gives a place (FOR KEY SHARE).
 */
@ApplicationScoped
public class TeamMembers implements TeamCounts {
    @Inject
    Teams teams;
    @Inject
    Members members;
    @Inject
    EventPublisher events;
    @Inject
    TeamStore store;
    @Inject
    Users users;
    @Inject
    SpaceGrants spaceGrants;

    /** The members of a team, in the order they joined it. */
    @Transactional
    public ListPage<TeamMemberView> listMembers(String organizationId, String callerId, String teamId,
                                                String limitParam, String page) {
        teams.member(organizationId, callerId);
        Team team = teams.requireTeam(organizationId, teamId, false);
        ListPage<TeamStore.PlaceRow> rows = store.members(organizationId, team.id, page, Limits.parse(limitParam));
        List<String> userIds = rows.items().stream().map(TeamStore.PlaceRow::userId).toList();
        Map<String, Long> teamCounts = teamCounts(organizationId, userIds);
        Map<String, Long> spaceCounts = spaceGrants.userSpaces(organizationId, userIds);
        long sites = members.liveSites(organizationId);
        return rows.map(r -> {
            MemberRow member = new MemberRow(r.userId(), r.role(), r.disabled(), r.joinedAt(), r.lastSeenAt(), r.sso(),
                    r.email(), r.displayName(), r.photoUrl());
            return new TeamMemberView(members.view(member,
                    teamCounts.getOrDefault(r.userId(), 0L), spaceCounts.getOrDefault(r.userId(), 0L), sites),
                    new TeamMemberView.TeamRole(r.teamRole().wire()), new TeamMemberView.Permissions(true));
        });
    }

    /** Adds, removes and re-roles team members in one go; a user both added and removed ends up removed. */
    @Transactional
    public void updateMembers(String organizationId, String callerId, String teamId, TeamMembersUpdateRequest req) {
        OrgAccess.Access access = teams.member(organizationId, callerId);
        Team team = teams.requireTeam(organizationId, teamId, true);
        memberPolicy(access, team).requireManageMembers();
        if (req == null) {
            throw ApiException.badRequest("request body is required: {add, remove, memberships}");
        }
        List<String> add = entries("add", req.add());
        List<String> remove = entries("remove", req.remove());
        Map<String, TeamMemberRoleRequest> memberships = req.memberships() == null ? Map.of() : req.memberships();
        if (memberships.size() > Teams.BATCH_MAX) {
            throw ApiException.badRequest("memberships: at most " + Teams.BATCH_MAX + " entries");
        }
        Map<String, TeamRole> roleByEntry = new LinkedHashMap<>();
        for (Map.Entry<String, TeamMemberRoleRequest> e : memberships.entrySet()) {
            String key = e.getKey() == null ? "" : e.getKey().trim();
            String field = "memberships['" + e.getKey() + "'].role";
            if (key.isEmpty() || Teams.hasNul(key)) {
                throw ApiException.badRequest("memberships: keys must be user ids or e-mail addresses");
            }
            if (e.getValue() == null || e.getValue().role() == null) {
                throw ApiException.badRequest(field + " is required");
            }
            roleByEntry.put(key, TeamRole.parse(field, e.getValue().role()));
        }
        Map<String, String> addIds = resolveMembers(organizationId, "add", add);
        Map<String, String> removeIds = resolveMembers(organizationId, "remove", remove);
        Map<String, String> roleIds = resolveMembers(organizationId, "memberships", roleByEntry.keySet());

        // wanted role per user: null = add as member, or keep the current role when already in the team
        Map<String, TeamRole> wanted = new LinkedHashMap<>();
        addIds.values().forEach(id -> wanted.putIfAbsent(id, null));
        roleByEntry.forEach((entry, role) -> wanted.put(roleIds.get(entry), role));
        Set<String> removed = new LinkedHashSet<>(removeIds.values());
        removed.forEach(wanted::remove);

        Set<String> involved = new HashSet<>(wanted.keySet());
        involved.addAll(removed);
        Map<String, TeamMember> current = new HashMap<>();
        if (!involved.isEmpty()) {
            store.places(team.id, involved).forEach(tm -> current.put(tm.userId, tm));
        }
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        Map<String, TeamRole> addedRoles = new LinkedHashMap<>();
        Map<String, TeamRole> changedRoles = new LinkedHashMap<>();
        List<String> removedIds = new ArrayList<>();
        for (String userId : removed) {
            TeamMember place = current.get(userId);
            if (place != null) {
                store.delete(place);
                removedIds.add(userId);
            }
        }
        wanted.forEach((userId, role) -> {
            TeamMember place = current.get(userId);
            if (place == null) {
                TeamRole r = role == null ? TeamRole.MEMBER : role;
                store.persist(Teams.place(team.id, userId, r, now));
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
        OrgAccess.Access access = teams.member(organizationId, callerId);
        Team team = teams.requireTeam(organizationId, teamId, true);
        memberPolicy(access, team).requireManageMembers();
        TeamRole role = req == null || req.role() == null ? TeamRole.MEMBER : TeamRole.parse("role", req.role());
        if (userId == null || Teams.hasNul(userId) || members.keepMembers(organizationId, List.of(userId)).isEmpty()) {
            throw ApiException.notFound("no member " + userId + " in the organization");
        }
        TeamMember place = store.findPlace(team.id, userId);
        if (place == null) {
            store.persist(Teams.place(team.id, userId, role, Instant.now().truncatedTo(ChronoUnit.MILLIS)));
            publishMembersChange(team, Map.of(userId, role), List.of(), Map.of());
        } else if (!role.equals(place.role)) {
            place.role = role;
            publishMembersChange(team, Map.of(), List.of(), Map.of(userId, role));
        }
    }

    /** Removes a user from the team; a success also when they were not in it. */
    @Transactional
    public void removeMember(String organizationId, String callerId, String teamId, String userId) {
        OrgAccess.Access access = teams.member(organizationId, callerId);
        Team team = teams.requireTeam(organizationId, teamId, true);
        memberPolicy(access, team).requireManageMembers();
        // one DELETE whose count says whether there was a place: the user leaving the organization at the same
        // time (which takes the place away without the team lock) cannot turn this into a delete of nothing
        int deleted = userId == null || Teams.hasNul(userId) ? 0
                : store.deletePlace(team.id, userId);
        if (deleted > 0) {
            publishMembersChange(team, Map.of(), List.of(userId), Map.of());
        }
    }

    /** The teams of one member of the organization, with their role in each; oldest team first. */
    @Transactional
    public ListPage<TeamOfMemberView> teamsOfMember(String organizationId, String callerId, String userId, String title,
                                                    String limitParam, String page) {
        OrgAccess.Access access = teams.member(organizationId, callerId);
        if (Teams.hasNul(userId) || members.find(organizationId, userId) == null) {
            throw ApiException.notFound("no member " + userId + " in the organization");
        }
        KeysetPage<Object[]> keyset = store.teamsOfPage(page, Limits.parse(limitParam));
        Teams.checkTitleFilter(title);
        ListPage<TeamStore.TeamWithRole> rows = store.teamsOf(keyset, organizationId, userId, title);
        Teams.Counts counts = teams.counts(organizationId, rows.items().stream().map(r -> r.team().id).toList());
        return rows.map(r -> new TeamOfMemberView(TeamViews.view(r.team(), counts, access), new TeamMemberView.TeamRole(r.role().wire())));
    }

    /** How many teams of the organization each user is in (0 for users in none), in one query. */
    @Override
    @Transactional
    public Map<String, Long> teamCounts(String organizationId, Collection<String> userIds) {
        Map<String, Long> counts = new HashMap<>();
        if (userIds == null || userIds.isEmpty()) {
            return counts;
        }
        userIds.forEach(id -> counts.put(id, 0L));
        store.teamCounts(organizationId, counts);
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
        List<String> teamIds = store.deletePlacesOf(e.organizationId(), e.userId());
        if (teamIds.isEmpty()) {
            return;
        }
        for (Team team : store.byIds(teamIds)) {
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
        if (organizationId == null || teamId == null || Teams.hasNul(organizationId) || Teams.hasNul(teamId)) {
            throw ApiException.notFound("no team " + teamId + " in organization " + organizationId);
        }
        if (!store.shareLockTeam(organizationId, teamId)) {
            throw ApiException.notFound("no team " + teamId + " in organization " + organizationId);
        }
        List<String> userIds = store.memberIds(organizationId, teamId);
        return new TeamResponse(organizationId, teamId, userIds, asOf);
    }

    /** The caller's policy on the team's members: its team role is looked up only when it decides. */
    private TeamPolicy memberPolicy(OrgAccess.Access access, Team team) {
        TeamPolicy policy = Teams.policy(access, team);
        if (policy.canManage()) {
            return policy;
        }
        TeamMember place = store.findPlace(team.id, access.member().userId());
        return new TeamPolicy(policy.orgAdmin(), policy.creator(), place != null && place.role == TeamRole.OWNER);
    }

    private void publishMembersChange(Team team, Map<String, TeamRole> added, List<String> removed, Map<String, TeamRole> changed) {
        if (added.isEmpty() && removed.isEmpty() && changed.isEmpty()) {
            return;
        }
        store.flush();
        events.publish(IdentityEventTypes.TEAM_MEMBERS_UPDATED, team.id, TeamViews.membersChange(team, teams.counts(team), added, removed, changed));
    }

    /** An array of user ids or e-mails: trimmed, deduplicated, at most {@link Teams#BATCH_MAX}. */
    private static List<String> entries(String field, List<String> values) {
        if (values == null) {
            return List.of();
        }
        if (values.size() > Teams.BATCH_MAX) {
            throw ApiException.badRequest(field + ": at most " + Teams.BATCH_MAX + " entries");
        }
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (int i = 0; i < values.size(); i++) {
            String v = values.get(i);
            if (v == null || v.isBlank() || Teams.hasNul(v)) {
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
            idByEmail.putAll(users.idsByLowerEmail(emails));
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
}
