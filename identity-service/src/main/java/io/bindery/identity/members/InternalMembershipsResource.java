package io.bindery.identity.members;

import io.bindery.contracts.identity.MembershipResponse;
import jakarta.inject.Inject;
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
    @Inject
    Members members;

    @GET
    public MembershipResponse membership(@PathParam("organizationId") String organizationId, @PathParam("userId") String userId) {
        Instant asOf = Instant.now();
        return members.membership(organizationId, userId, asOf);
    }
}
