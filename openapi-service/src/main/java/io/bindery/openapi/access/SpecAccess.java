package io.bindery.openapi.access;

import io.bindery.commons.errors.ApiException;
import io.bindery.commons.projection.Membership;
import io.bindery.commons.projection.MembershipProjection;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** The caller's policy in an organization, from identity's memberships (projection with read-through). */
@ApplicationScoped
public class SpecAccess {
    @Inject
    MembershipProjection memberships;

    /** The policy of a member; anyone else (guests included) learns nothing: 404, as for an unknown organization. */
    public SpecPolicy member(String organizationId, String userId) {
        Membership m = memberships.find(organizationId, userId)
                .filter(member -> !member.guest())
                .orElseThrow(() -> ApiException.notFound("no organization " + organizationId));
        return new SpecPolicy(m.role());
    }
}
