package io.bindery.sites.access;

import io.bindery.commons.errors.ApiException;
import io.bindery.commons.projection.Membership;
import io.bindery.commons.projection.MembershipProjection;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * The caller's policy in an organization, from identity's memberships (projection with read-through). Someone
 * who is not a member, or a guest, learns nothing: 404, as for an organization that does not exist.
 */
@ApplicationScoped
public class SiteAccess {
    @Inject
    MembershipProjection memberships;

    public SitePolicy policy(String organizationId, String userId) {
        Membership m = memberships.find(organizationId, userId)
                .filter(member -> !member.guest())
                .orElseThrow(() -> ApiException.notFound("no organization " + organizationId));
        return new SitePolicy(m.role());
    }

    /** The caller's policy if it is a member, else a visitor's (nothing allowed): for the published site. */
    public SitePolicy policyOrVisitor(String organizationId, String userId) {
        return new SitePolicy(memberships.find(organizationId, userId).map(Membership::role).orElse(null));
    }
}
