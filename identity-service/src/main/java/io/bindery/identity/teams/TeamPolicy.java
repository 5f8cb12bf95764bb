package io.bindery.identity.teams;

import io.bindery.identity.organizations.OrganizationPolicy;
import io.bindery.commons.errors.ApiException;

/**
 * What a member of the organization may do on one of its teams: both the team's {@code permissions} object and
 * the checks of its endpoints, so the two cannot disagree. Every member (guests included) sees teams and their
 * members. A team is managed (renamed, deleted) by organization admins and by its creator; its members are
 * managed by those and by the team's owners. Creating a team is the organization's {@code ownTeam}
 * ({@link OrganizationPolicy#requireCreateTeam}).
 *
 * @param orgAdmin whether the caller is an admin of the organization
 * @param creator  whether the caller created the team
 * @param owner    whether the caller is an owner of the team; only looked up where the team's members are to
 *                 change (false elsewhere: no permission shown depends on it)
 */
public record TeamPolicy(boolean orgAdmin, boolean creator, boolean owner) {

    public boolean canView() {
        return true;
    }

    /** Rename and delete the team. */
    public boolean canManage() {
        return orgAdmin || creator;
    }

    /** Add, remove and re-role its members. */
    public boolean canManageMembers() {
        return canManage() || owner;
    }

    public TeamView.Permissions permissions() {
        return new TeamView.Permissions(canManage(), canView());
    }

    /** 403 unless {@link #canManage()}. */
    public void requireManage() {
        if (!canManage()) {
            throw ApiException.forbidden("only admins of the organization and the team's creator may change this team");
        }
    }

    /** 403 unless {@link #canManageMembers()}. */
    public void requireManageMembers() {
        if (!canManageMembers()) {
            throw ApiException.forbidden("only admins of the organization, the team's creator and its owners may change its members");
        }
    }
}
