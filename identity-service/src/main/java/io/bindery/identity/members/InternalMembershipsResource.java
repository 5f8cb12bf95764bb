package io.bindery.identity.members;

import io.bindery.contracts.identity.IdentityMembershipsApi;
import io.bindery.contracts.identity.MembershipResponse;
import jakarta.inject.Inject;

import java.time.Instant;

/**
 * Internal (never routed by the gateway): one membership as identity knows it now, for the other
 * services' membership projections to read through on a miss.
 */
public class InternalMembershipsResource implements IdentityMembershipsApi {
    @Inject
    Members members;

    @Override
    public MembershipResponse membership(String authorization, String organizationId, String userId) {
        Instant asOf = Instant.now();
        return members.membership(organizationId, userId, asOf);
    }
}
