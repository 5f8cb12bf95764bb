package io.bindery.contracts.identity;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.time.Instant;

/**
 * {@code GET /internal/users/{u}}: one user as identity knows it now (404 when there is no such user), for the
 * other services' user directories to read through on a miss: the User object plus {@code asOf}, before which
 * events must not overwrite this answer. {@code photoURL} is left out when the user has none.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record UserResponse(String object, String id, String displayName, String email, String photoURL,
                           UserChanged.Urls urls, Instant asOf) {
}
