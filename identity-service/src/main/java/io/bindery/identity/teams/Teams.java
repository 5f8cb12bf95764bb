package io.bindery.identity.teams;

import io.bindery.identity.grants.SpaceGrants;
import io.bindery.identity.members.Members;
import io.bindery.identity.organizations.Memberships;
import io.bindery.identity.members.Members;
import io.bindery.identity.organizations.OrgAccess;
import io.bindery.identity.support.Inputs;
import io.bindery.contracts.identity.IdentityEventTypes;
import io.bindery.contracts.identity.TeamChanged;
import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.ids.Ids;
import io.bindery.commons.lists.KeysetPage;
import io.bindery.commons.lists.Limits;
import io.bindery.commons.lists.ListPage;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Teams of an organization: list, create, read, rename, delete, and the Team objects other components embed.
 * Their members are {@link TeamMembers}'.
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
 * read-through ({@link TeamMembers#fact}).
 */
@ApplicationScoped
public class Teams {
    /** Most entries in one of the arrays (or the map) of a members request. */
    static final int BATCH_MAX = TeamCreateRequest.BATCH_MAX;

    @Inject
    OrgAccess orgAccess;
    @Inject
    Members members;
    @Inject
    EventPublisher events;
    @Inject
    TeamStore store;
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
        KeysetPage<Team> keyset = store.teamsPage(page, Limits.parse(limitParam));
        checkTitleFilter(title);
        String onlyOwnedBy = null;
        if (owner != null && !owner.isEmpty()) {
            Memberships.Membership ownerMember = hasNul(owner) ? null : members.find(organizationId, owner);
            if (ownerMember == null) {
                return new ListPage<>(List.of(), 0, null);
            }
            if (!Role.ADMIN.wire().equals(ownerMember.role())) {
                onlyOwnedBy = owner;
            }
        }
        ListPage<Team> rows = store.list(keyset, organizationId, title, onlyOwnedBy);
        Counts counts = counts(organizationId, rows.items().stream().map(t -> t.id).toList());
        return rows.map(t -> TeamViews.view(t, counts, access));
    }

    /** Creates a team; the caller becomes its owner, the listed organization members its members. */
    @Transactional
    public TeamView create(String organizationId, String callerId, TeamCreateRequest req) {
        OrgAccess.Access access = member(organizationId, callerId);
        access.policy().requireCreateTeam();
        if (req == null) {
            throw ApiException.badRequest("request body is required: {title, members}");
        }
        String title = req.validTitle();
        LinkedHashSet<String> memberIds = req.validMembers();
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
        store.persist(team);
        Map<String, TeamRole> added = new LinkedHashMap<>();
        added.put(callerId, TeamRole.OWNER);
        for (String id : memberIds) {
            added.putIfAbsent(id, TeamRole.MEMBER);
        }
        added.forEach((userId, teamRole) -> store.persist(place(team.id, userId, teamRole, now)));

        Counts counts = new Counts(Map.of(team.id, (long) added.size()), Map.of()); // a new team has no grants yet
        events.publish(IdentityEventTypes.TEAM_CREATED, team.id, TeamViews.event(team, counts));
        // the first members as a members change too, so consumers keep one path for team membership
        events.publish(IdentityEventTypes.TEAM_MEMBERS_UPDATED, team.id, TeamViews.membersChange(team, counts, added, List.of(), Map.of()));
        return TeamViews.view(team, counts, access);
    }

    @Transactional
    public TeamView get(String organizationId, String callerId, String teamId) {
        OrgAccess.Access access = member(organizationId, callerId);
        Team team = requireTeam(organizationId, teamId, false);
        return TeamViews.view(team, counts(team), access);
    }

    @Transactional
    public TeamView update(String organizationId, String callerId, String teamId, TeamUpdateRequest req) {
        OrgAccess.Access access = member(organizationId, callerId);
        Team team = requireTeam(organizationId, teamId, true);
        policy(access, team).requireManage();
        if (req == null) {
            throw ApiException.badRequest("request body is required: {title}");
        }
        String title = req.validTitle();
        Counts counts = counts(team);
        if (!title.equals(team.title)) {
            team.title = title;
            events.publish(IdentityEventTypes.TEAM_UPDATED, team.id, TeamViews.event(team, counts));
        }
        return TeamViews.view(team, counts, access);
    }

    /** Deletes a team with its member list; nothing to do (still a success) when it does not exist. */
    @Transactional
    public void delete(String organizationId, String callerId, String teamId) {
        OrgAccess.Access access = member(organizationId, callerId);
        // locked: a concurrent delete waits, then finds no team (204), instead of deleting a deleted row (a 500)
        Team team = teamId == null || hasNul(teamId) ? null : store.findLocked(teamId);
        if (team == null || !team.organizationId.equals(organizationId)) {
            return;
        }
        policy(access, team).requireManage();
        TeamChanged data = TeamViews.event(team, counts(team));
        store.delete(team);
        events.publish(IdentityEventTypes.TEAM_DELETED, team.id, data);
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
        store.list(organizationId, teamIds).forEach(t -> out.put(t.id, TeamViews.view(t, counts, access)));
        return out;
    }

    /**
     * The Team objects of some teams of the organization as one member (the viewer) sees them, in the order asked;
     * teams that are not the organization's are left out, a viewer who is no member is a 404.
     */
    @Transactional
    public List<TeamView> viewsFor(String organizationId, String viewer, List<String> teamIds) {
        OrgAccess.Access access = orgAccess.requireMember(organizationId, viewer);
        Map<String, TeamView> found = views(organizationId, teamIds, access);
        return teamIds.stream().map(found::get).filter(Objects::nonNull).toList();
    }

    // ------------------------------------------------------------------------------------------- helpers
    // (package-private: TeamMembers shares them)

    OrgAccess.Access member(String organizationId, String callerId) {
        if (hasNul(organizationId)) {
            throw ApiException.notFound("no organization " + organizationId);
        }
        return orgAccess.requireMember(organizationId, callerId);
    }

    /** The team, or 404 when it is not one of this organization's; locked when its members are to change. */
    Team requireTeam(String organizationId, String teamId, boolean lock) {
        Team team = hasNul(teamId) ? null
                : lock ? store.findLocked(teamId) : store.find(teamId);
        if (team == null || !team.organizationId.equals(organizationId)) {
            throw ApiException.notFound("no team " + teamId + " in the organization");
        }
        return team;
    }

    /** The caller's policy on the team, without its team role (no permission shown depends on it). */
    static TeamPolicy policy(OrgAccess.Access access, Team team) {
        return new TeamPolicy(access.admin(), team.createdBy.equals(access.member().userId()), false);
    }

    /** Members and spaces per team. */
    record Counts(Map<String, Long> members, Map<String, Long> spaces) {
        long members(String teamId) {
            return members.getOrDefault(teamId, 0L);
        }

        long spaces(String teamId) {
            return spaces.getOrDefault(teamId, 0L);
        }
    }

    /** Two queries whatever the number of teams. */
    Counts counts(String organizationId, Collection<String> teamIds) {
        return new Counts(memberCounts(organizationId, teamIds), spaceGrants.teamSpaces(organizationId, teamIds));
    }

    Counts counts(Team team) {
        return counts(team.organizationId, List.of(team.id));
    }

    /** Members per team, counting only team places whose user still belongs to the organization. */
    private Map<String, Long> memberCounts(String organizationId, Collection<String> teamIds) {
        return store.memberCounts(organizationId, teamIds);
    }

    static TeamMember place(String teamId, String userId, TeamRole role, Instant at) {
        TeamMember place = new TeamMember();
        place.teamId = teamId;
        place.userId = userId;
        place.role = role;
        place.addedAt = at;
        return place;
    }

    /** See {@link Inputs#hasNul}: such a path or query value is answered 404 or 400, never reaching the database. */
    static boolean hasNul(String value) {
        return Inputs.hasNul(value);
    }

    /** A title filter with NUL is a 400 (the store applies the filter). */
    static void checkTitleFilter(String title) {
        if (title != null && !title.isEmpty() && hasNul(title)) {
            throw ApiException.badRequest("title must not contain NUL characters");
        }
    }

    /**
     * Whether the organization has the team, which is then locked FOR KEY SHARE until the transaction ends: it cannot
     * be deleted while something starts naming it (a SAML provider's default team).
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public boolean keepTeam(String organizationId, String teamId) {
        return store.keepTeam(organizationId, teamId);
    }
}
