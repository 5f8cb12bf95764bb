package io.bindery.contracts.identity;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.time.Instant;

/**
 * The data of {@code bindery.member.added.v1} (subject: the organization): a user joined it with a role
 * ({@code role} left out for a guest).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record MemberAdded(String organization, String user, String role, Instant joinedAt) {
}
