package io.bindery.integrations.access;

import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;

/**
 * What a caller may do with the integrations of one organization, from its role there (null: not a member, or a
 * guest). Members see the organization's private and unlisted integrations and its installations; admins
 * publish, delete, install, read events and the signing secret. One record answers both the permissions objects
 * and the endpoints' checks.
 */
public record IntegrationPolicy(Role role) {
    public enum Action {
        VIEW, ADMIN
    }

    public boolean allows(Action action) {
        return switch (action) {
            case VIEW -> role != null;
            case ADMIN -> role == Role.ADMIN;
        };
    }

    /** 403 unless allowed; callers check membership (404) first. */
    public void require(Action action) {
        if (!allows(action)) {
            throw ApiException.forbidden(switch (action) {
                case VIEW -> "this needs a member role in the organization";
                case ADMIN -> "this needs the admin role in the integration's organization";
            });
        }
    }

    /** GitBook's Organization.permissions for this caller. */
    public OrganizationPermissions organizationPermissions() {
        boolean member = role != null;
        boolean admin = role == Role.ADMIN;
        boolean create = member && role.atLeast(Role.CREATE);
        return new OrganizationPermissions(member, member, admin, member, create, create, admin, member, member,
                member, member, admin);
    }

    public record OrganizationPermissions(boolean view, boolean access, boolean admin, boolean ownTeam,
                                          boolean createContent, boolean createOpenAPISpec, boolean viewBilling,
                                          boolean listMembers, boolean listTeams, boolean listIntegrations,
                                          boolean listInstallations, boolean installIntegration) {
    }
}
