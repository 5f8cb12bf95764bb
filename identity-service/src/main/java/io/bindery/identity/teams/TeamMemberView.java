package io.bindery.identity.teams;

import io.bindery.identity.members.MemberView;
/**
 * An entry of a team's member list (GitBook's OrganizationTeamMember): the user's organization membership
 * (the Member resource), their place in the team and what the caller may do with it.
 */
public record TeamMemberView(MemberView organization, TeamRole team, Permissions permissions) {

    /** A user's role in a team: owner or member. */
    public record TeamRole(String role) {
    }

    public record Permissions(boolean view) {
    }
}
