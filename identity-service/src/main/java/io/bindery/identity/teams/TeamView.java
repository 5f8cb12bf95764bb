package io.bindery.identity.teams;

import java.time.Instant;

/**
 * The OrganizationTeam resource ({@code object: team}). {@code permissions} is per caller and left out of
 * event payloads (which add the team's {@code organization}). {@code spaces} is the number of the
 * organization's spaces (not deleted) granted to the team, as content-service reported them
 * ({@link io.bindery.identity.grants.SpaceGrants}).
 */
public record TeamView(String object, String id, String title, long members, long spaces, Instant createdAt,
                       Permissions permissions) {
    public record Permissions(boolean admin, boolean view) {
    }
}
