package io.bindery.contracts.identity;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * The data of {@code bindery.invite.(created|updated).v1}: an invite link of an organization and the role it gives
 * ({@code role} left out when it makes guests).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record InviteChanged(String id, String organization, String role, boolean sso) {
}
