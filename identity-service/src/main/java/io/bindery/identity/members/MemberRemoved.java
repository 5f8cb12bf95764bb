package io.bindery.identity.members;

/**
 * Fired (as a synchronous CDI event, inside the removing transaction) when a user leaves an organization,
 * so whatever hangs off the membership (team places, SSO marks) goes with it.
 */
public record MemberRemoved(String organizationId, String userId) {
}
