package io.bindery.contracts.identity;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * The data of {@code bindery.member.updated.v1} (subject: the organization): the member's role ({@code role} left
 * out for a guest) and SSO mark as they are now.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record MemberUpdated(String organization, String user, String role, boolean sso) {
}
