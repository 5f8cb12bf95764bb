package io.bindery.identity.members;

import io.bindery.identity.users.UserView;
import com.fasterxml.jackson.annotation.JsonInclude;

import java.time.Instant;

/**
 * The Member resource: a user in an organization. role is documented nullable (a guest), so always present.
 * {@code spaces}: the organization's spaces (not deleted) granted to the user directly (not through a team).
 * {@code sites} (GitBook 0.202.0): the organization's sites the member reaches, see {@code OrgSites}.
 */
public record MemberView(String object, String id, @JsonInclude(JsonInclude.Include.ALWAYS) String role, UserView user,
                         boolean disabled, Instant joinedAt, Instant lastSeenAt, boolean sso, long spaces, long teams,
                         long sites) {
}
