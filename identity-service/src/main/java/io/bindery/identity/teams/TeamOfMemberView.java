package io.bindery.identity.teams;

/** An entry of a member's team list: the team, and the member's role in it. */
public record TeamOfMemberView(TeamView team, TeamMemberView.TeamRole member) {
}
