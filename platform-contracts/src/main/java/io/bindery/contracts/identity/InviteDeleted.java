package io.bindery.contracts.identity;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** The data of {@code bindery.invite.deleted.v1}: which invite link of which organization. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record InviteDeleted(String id, String organization) {
}
