package io.bindery.identity.organizations;

import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;

/**
 * What a caller may do in one organization: both the organization's {@code permissions} object and the checks of
 * the endpoints that depend on the organization role alone, so the two cannot disagree. Who is no member never
 * gets this far: {@code OrgAccess} answers 404 for them.
 *
 * @param member whether the caller belongs to the organization
 * @param role   its role there; null for a guest (who sees the organization but not its people)
 */
public record OrganizationPolicy(boolean member, Role role) {

    public static OrganizationPolicy of(boolean member, Role role) {
        return new OrganizationPolicy(member, role);
    }

    public boolean isAdmin() {
        return member && role == Role.ADMIN;
    }

    /** Create content, OpenAPI specs and teams: a team gathers people to grant them content, which is what create is for. */
    public boolean canCreate() {
        return member && role != null && role.atLeast(Role.CREATE);
    }

    /** List members, teams and integrations: members with a role; guests see the organization, not its people. */
    public boolean canList() {
        return member && role != null;
    }

    /** Opening it in the app goes with view: Bindery has no view-only API access. */
    public OrganizationView.Permissions permissions() {
        boolean admin = isAdmin();
        boolean create = canCreate();
        boolean full = canList();
        return new OrganizationView.Permissions(member, member, admin, create, create, create, admin, admin,
                full, full, full, admin, admin);
    }

    /** 403 unless {@link #isAdmin()}. */
    public void requireAdmin() {
        if (!isAdmin()) {
            throw ApiException.forbidden("only admins of the organization may do this");
        }
    }

    /** 403 unless {@link #canCreate()}: the organization's {@code ownTeam} permission. */
    public void requireCreateTeam() {
        if (!canCreate()) {
            throw ApiException.forbidden("only members with the create or admin role may create teams");
        }
    }
}
