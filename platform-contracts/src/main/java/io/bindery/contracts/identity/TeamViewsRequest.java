package io.bindery.contracts.identity;

import java.util.List;

/**
 * {@code POST /internal/orgs/{o}/team-views}: the teams (at most 1000) whose Team objects are wanted, as the
 * member {@code viewer} sees them; the answer has those of the organization, in this order, as
 * {@code {"items": [Team, ...]}}.
 */
public record TeamViewsRequest(String viewer, List<String> teams) {
}
