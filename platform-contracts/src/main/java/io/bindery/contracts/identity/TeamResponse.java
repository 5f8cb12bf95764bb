package io.bindery.contracts.identity;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

import java.time.Instant;
import java.util.List;

/**
 * {@code GET /internal/orgs/{o}/teams/{t}}: one team as identity knows it now (404 when the organization has no
 * such team), for the team projections to read through on a miss. {@code members}: the team's users that are
 * still members of the organization, in the order they joined the team.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record TeamResponse(String organization, String team, List<String> members, Instant asOf) {
}
