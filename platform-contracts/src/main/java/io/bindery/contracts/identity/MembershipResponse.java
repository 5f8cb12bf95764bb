package io.bindery.contracts.identity;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.time.Instant;

/**
 * {@code GET /internal/orgs/{o}/members/{u}}: one membership as identity knows it now (404 when the user is no
 * member), for the other services' membership projections to read through on a miss. {@code asOf}: events
 * older than this answer must not overwrite it in a projection.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record MembershipResponse(String organization, String user, String role, String orgDefaultRole, Instant asOf) {
}
