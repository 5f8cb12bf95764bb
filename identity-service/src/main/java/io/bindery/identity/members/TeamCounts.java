package io.bindery.identity.members;

import java.util.Collection;
import java.util.Map;

/**
 * How many teams of an organization each user is in, for the Member's {@code teams} counter: implemented by teams
 * ({@code TeamMembers}), so that members (which teams build on) never imports teams.
 */
public interface TeamCounts {

    /** How many teams of the organization each user is in (0 for users in none), in one query. */
    Map<String, Long> teamCounts(String organizationId, Collection<String> userIds);
}
