package io.bindery.identity.members;

import io.bindery.identity.organizations.Organization;
import io.bindery.identity.support.Inputs;
import io.bindery.contracts.identity.MembershipResponse;
import io.bindery.commons.errors.ApiException;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import java.time.Instant;

/**
 * Internal (never routed by the gateway): one membership as identity knows it now, for the other
 * services' membership projections to read through on a miss.
 */
@Path("/internal/orgs/{organizationId}/members/{userId}")
@Produces(MediaType.APPLICATION_JSON)
public class InternalMembershipsResource {

    @GET
    @Transactional
    public MembershipResponse membership(@PathParam("organizationId") String organizationId, @PathParam("userId") String userId) {
        Instant asOf = Instant.now();
        boolean nul = Inputs.hasNul(organizationId) || Inputs.hasNul(userId);
        Organization org = nul ? null : Organization.findById(organizationId);
        Member member = org == null ? null : Member.findById(new Member.Key(organizationId, userId));
        if (member == null) {
            throw ApiException.notFound("user " + userId + " is not a member of organization " + organizationId);
        }
        return new MembershipResponse(organizationId, userId, member.role, org.defaultRole, asOf);
    }
}
