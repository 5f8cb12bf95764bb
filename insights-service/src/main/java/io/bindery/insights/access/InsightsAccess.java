package io.bindery.insights.access;

import io.bindery.commons.errors.ApiException;
import io.bindery.commons.projection.Membership;
import io.bindery.commons.projection.MembershipProjection;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** The caller's policy in an organization, from identity's memberships (projection with read-through). */
@ApplicationScoped
public class InsightsAccess {
    @Inject
    MembershipProjection memberships;

    /** A member's policy; anyone else (a guest, another organization's member) learns nothing: 404. */
    public InsightsPolicy member(String organizationId, String userId) {
        Membership m = memberships.find(organizationId, userId)
                .filter(member -> !member.guest())
                .orElseThrow(() -> ApiException.notFound("no organization " + organizationId));
        return new InsightsPolicy(m.role());
    }
}
