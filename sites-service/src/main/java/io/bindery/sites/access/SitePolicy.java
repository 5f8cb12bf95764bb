package io.bindery.sites.access;

import io.bindery.commons.auth.Role;
import io.bindery.commons.errors.ApiException;

/**
 * What a member of a site's organization may do with its sites, from its organization role (issue 15): every
 * member reads them; members with {@code create} or above (admins included) manage them: settings, structure,
 * publishing, the adaptive schema and share links. Guests (members without a role) see no site. One record
 * answers both the Site's {@code permissions} object and the endpoints' checks, so they cannot disagree.
 */
public record SitePolicy(Role role) {
    public enum Action {
        VIEW, MANAGE
    }

    public boolean allows(Action action) {
        return switch (action) {
            case VIEW -> role != null;
            case MANAGE -> role != null && role.atLeast(Role.CREATE);
        };
    }

    /** 403 unless the action is allowed (the caller already sees the site: it is a member). */
    public void require(Action action) {
        if (!allows(action)) {
            throw ApiException.forbidden(switch (action) {
                case VIEW -> "reading this organization's sites needs a member role";
                case MANAGE -> "managing sites needs the create role or above in the organization";
            });
        }
    }

    /** GitBook's Site.permissions, as this policy answers them. */
    public Permissions permissions() {
        boolean view = allows(Action.VIEW);
        boolean manage = allows(Action.MANAGE);
        return new Permissions(view, view, role != null && role.atLeast(Role.EDIT), manage, manage,
                role == Role.ADMIN, view, manage);
    }

    public record Permissions(boolean view, boolean access, boolean edit, boolean create, boolean admin,
                              boolean installIntegration, boolean viewAdaptiveSchema, boolean editAdaptiveSchema) {
    }
}
