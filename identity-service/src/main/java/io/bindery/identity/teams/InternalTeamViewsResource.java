package io.bindery.identity.teams;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.json.JsonBody;
import jakarta.inject.Inject;
import io.bindery.contracts.identity.IdentityTeamViewsApi;
import jakarta.ws.rs.core.Response;

import java.util.List;

/**
 * Internal (never routed by the gateway): the Team objects of some teams of an organization as one member
 * (the viewer) sees them, for services that list teams by what they were granted (content's team permissions).
 * Teams that are not the organization's are left out; a viewer who is no member is a 404. The path is
 * {@link IdentityTeamViewsApi}'s.
 */
public class InternalTeamViewsResource implements IdentityTeamViewsApi {
    static final int MAX_TEAMS = 1000;

    @Inject
    Teams teams;

    public record TeamViews(List<TeamView> items) {
    }

    /** Body {@code {"viewer": "<user id>", "teams": ["<team id>", ...]}} (at most 1000); answers them in that order. */
    @Override
    public Response views(String authorization, String organizationId, JsonNode node) {
        JsonBody body = JsonBody.of(node);
        String viewer = body.string("viewer").orElseThrow(() -> ApiException.badRequest("viewer is required"));
        List<String> ids = body.strings("teams").orElse(List.of());
        if (ids.size() > MAX_TEAMS) {
            throw ApiException.badRequest("teams: at most " + MAX_TEAMS + " ids");
        }
        if (organizationId.indexOf('\0') >= 0 || viewer.indexOf('\0') >= 0 || ids.stream().anyMatch(i -> i.indexOf('\0') >= 0)) {
            throw ApiException.notFound("no organization " + organizationId);
        }
        // a Response for the contract (identity's Team objects are no contract record); the same JSON as the record
        return Response.ok(new TeamViews(teams.viewsFor(organizationId, viewer, ids))).build();
    }
}
