package io.bindery.identity.teams;

import io.bindery.contracts.identity.TeamChanged;
import io.bindery.contracts.identity.TeamMembersChanged;
import io.bindery.identity.organizations.OrgAccess;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The Team resource ({@link TeamView}) and the data of the team events. */
final class TeamViews {
    private TeamViews() {
    }

    /** The resource as the caller sees it; a null access gives the event shape (no permissions). */
    static TeamView view(Team team, Teams.Counts counts, OrgAccess.Access access) {
        TeamView.Permissions permissions = access == null ? null : Teams.policy(access, team).permissions();
        return new TeamView("team", team.id, team.title, counts.members(team.id), counts.spaces(team.id), team.createdAt,
                permissions);
    }

    /** The data of the team events: the Team without permissions, plus the {@code organization} it belongs to. */
    static TeamChanged event(Team team, Teams.Counts counts) {
        return new TeamChanged("team", team.id, team.title, counts.members(team.id), counts.spaces(team.id), team.createdAt,
                team.organizationId);
    }

    /**
     * The team (with its {@code organization}), plus the ids of the users added, removed and whose role changed,
     * and the new roles.
     */
    static TeamMembersChanged membersChange(Team team, Teams.Counts counts, Map<String, TeamRole> added, List<String> removed,
                                                    Map<String, TeamRole> changed) {
        Map<String, String> roles = new TreeMap<>();
        added.forEach((user, role) -> roles.put(user, role.wire()));
        changed.forEach((user, role) -> roles.put(user, role.wire()));
        return TeamMembersChanged.of(event(team, counts), List.copyOf(added.keySet()), List.copyOf(removed),
                List.copyOf(changed.keySet()), roles);
    }
}
