package io.bindery.identity.rest.dto;

import java.time.Instant;

/**
 * The OrganizationTeam resource ({@code object: team}). {@code permissions} is per caller and left out of
 * event payloads. {@code spaces} is the number of spaces the team is granted: always 0 until content-service
 * grants spaces to teams (identity does not know about space permissions yet).
 */
public record TeamView(String object, String id, String title, long members, long spaces, Instant createdAt,
                       Permissions permissions) {
    public record Permissions(boolean admin, boolean view) {
    }
}
