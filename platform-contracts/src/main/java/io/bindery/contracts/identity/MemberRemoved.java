package io.bindery.contracts.identity;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** The data of {@code bindery.member.removed.v1} (subject: the organization): the user left it or was removed. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record MemberRemoved(String organization, String user) {
}
