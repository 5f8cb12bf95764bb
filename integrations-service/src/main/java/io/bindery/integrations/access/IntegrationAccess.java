package io.bindery.integrations.access;

import io.bindery.commons.errors.ApiException;
import io.bindery.commons.projection.Membership;
import io.bindery.commons.projection.MembershipProjection;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** The caller's policy in an organization, from identity's memberships (projection with read-through). */
@ApplicationScoped
public class IntegrationAccess {
    @Inject
    MembershipProjection memberships;

    /** The policy of a member; someone else (guests included) learns nothing: 404, as for an unknown organization. */
    public IntegrationPolicy member(String organizationId, String userId) {
        Membership m = memberships.find(organizationId, userId)
                .filter(member -> !member.guest())
                .orElseThrow(() -> ApiException.notFound("no organization " + organizationId));
        return new IntegrationPolicy(m.role());
    }

    /** The caller's policy, a non-member's (nothing allowed) when it is not a member: for public integrations. */
    public IntegrationPolicy anyone(String organizationId, String userId) {
        return new IntegrationPolicy(memberships.find(organizationId, userId)
                .filter(member -> !member.guest()).map(Membership::role).orElse(null));
    }
}
