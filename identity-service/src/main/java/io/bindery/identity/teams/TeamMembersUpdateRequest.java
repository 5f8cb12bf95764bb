package io.bindery.identity.teams;

import java.util.List;
import java.util.Map;

/**
 * Body of PUT /orgs/{o}/teams/{t}/members: users to add and to remove (user ids or e-mail addresses) and
 * roles to set (user id or e-mail → role). A user both added and removed is removed.
 */
public record TeamMembersUpdateRequest(List<String> add, List<String> remove,
                                       Map<String, TeamMemberRoleRequest> memberships) {
}
