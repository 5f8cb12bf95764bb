package io.bindery.review.client;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.contracts.identity.MemberViewsRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * identity-service's internal API as review calls it (built by {@link IdentityMembersClient}). The member-views
 * answer is {@code {"items": [Member, ...]}}, passed on as identity shapes it (no contract record for Member yet).
 */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface IdentityApi {

    @POST
    @Path("/orgs/{organization}/member-views")
    JsonNode memberViews(@HeaderParam("Authorization") String authorization, @PathParam("organization") String organization,
                         MemberViewsRequest body);
}
