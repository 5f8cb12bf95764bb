package io.bindery.identity.teams;

/** A role in a team, {@code owner} or {@code member}: the body of PUT …/members/{userId} and a memberships value. */
public record TeamMemberRoleRequest(String role) {
}
