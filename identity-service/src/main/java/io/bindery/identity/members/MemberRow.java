package io.bindery.identity.members;

import java.time.Instant;

/** A member with its user's columns, as a list reads them in one statement (no entities to hydrate). */
public record MemberRow(String userId, String role, boolean disabled, Instant joinedAt, Instant lastSeenAt, boolean sso,
                        String email, String displayName, String photoUrl) {
}
