package io.bindery.identity.organizations;

import io.bindery.commons.auth.Role;
import io.bindery.commons.urls.PublicUrls;
import io.bindery.contracts.identity.OrganizationChanged;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** The Organization resource ({@link OrganizationView}) and the data of the organization events. */
@ApplicationScoped
class OrganizationViews {
    @Inject
    PublicUrls urls;

    /** The data of the organization events: the Organization without the per-caller permissions. */
    OrganizationChanged event(Organization org) {
        return new OrganizationChanged("organization", org.id, org.title, org.createdAt, org.emailDomains, org.hostname,
                org.type, org.useCase, org.communityType, org.defaultRole, org.defaultContent, org.sso, org.ai,
                org.inviteLinks, org.plan, org.mergeRules, new OrganizationChanged.Trial("notapplicable", 0),
                new OrganizationChanged.Urls(urls.api("/orgs/" + org.id), urls.app("/o/" + org.id), org.logoUrl));
    }

    /**
     * The API shape for a caller: {@code member} whether the caller belongs to the organization, {@code role}
     * its role there (null: a guest, who sees the organization but not its people).
     */
    OrganizationView view(Organization org, boolean member, Role role) {
        return build(org, OrganizationPolicy.of(member, role).permissions());
    }

    private OrganizationView build(Organization org, OrganizationView.Permissions permissions) {
        return new OrganizationView("organization", org.id, org.title, org.createdAt, org.emailDomains, org.hostname,
                org.type, org.useCase, org.communityType, org.defaultRole, org.defaultContent, org.sso, org.ai,
                org.inviteLinks, org.plan, org.mergeRules, new OrganizationView.Trial("notapplicable", 0),
                new OrganizationView.Urls(urls.api("/orgs/" + org.id), urls.app("/o/" + org.id), org.logoUrl),
                permissions);
    }
}
