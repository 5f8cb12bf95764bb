package io.bindery.contracts.identity;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The data of {@code bindery.team.members.updated.v1}: the team as in {@link TeamChanged}, plus the ids of the
 * users who joined it ({@code added}), left it ({@code removed}, also when they left the organization) and whose
 * team role changed ({@code changed}), and the new role ({@code owner} or {@code member}) of each added or changed
 * user, by id.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record TeamMembersChanged(String object, String id, String title, long members, long spaces, Instant createdAt,
                                 String organization, List<String> added, List<String> removed, List<String> changed,
                                 Map<String, String> roles) {
    public TeamMembersChanged {
        added = added == null ? List.of() : added;
        removed = removed == null ? List.of() : removed;
        changed = changed == null ? List.of() : changed;
        roles = roles == null ? Map.of() : roles;
    }

    public static TeamMembersChanged of(TeamChanged team, List<String> added, List<String> removed, List<String> changed,
                                        Map<String, String> roles) {
        return new TeamMembersChanged(team.object(), team.id(), team.title(), team.members(), team.spaces(),
                team.createdAt(), team.organization(), added, removed, changed, roles);
    }
}
