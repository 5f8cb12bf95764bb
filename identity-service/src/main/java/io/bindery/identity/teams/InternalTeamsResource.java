package io.bindery.identity.teams;

import io.bindery.contracts.identity.IdentityTeamsApi;
import io.bindery.contracts.identity.TeamResponse;
import jakarta.inject.Inject;

import java.time.Instant;

/**
 * Internal (never routed by the gateway): one team as identity knows it now, for the other services' team
 * projections (fed by the team events of bindery.identity.events) to read through on a miss.
 * <p>
 * {@code GET /internal/orgs/{organizationId}/teams/{teamId}} answers 200
 * {@code {"organization": o, "team": t, "members": ["<user id>", ...], "asOf": "<ISO instant>"}}, members being
 * the team's users that are still members of the organization (in the order they joined the team), or 404 with
 * the error body when the organization has no such team.
 */
public class InternalTeamsResource implements IdentityTeamsApi {
    @Inject
    TeamMembers teams;

    @Override
    public TeamResponse team(String authorization, String organizationId, String teamId) {
        // taken before the read: an event at or after this instant may describe a later state
        Instant asOf = Instant.now();
        return teams.fact(organizationId, teamId, asOf);
    }
}
