package io.bindery.contracts.identity;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * identity-service's internal Member objects of some users of an organization (review lists its commenters with
 * them). Identity's {@code InternalMemberViewsResource} implements it; review's REST Client extends it. The body is a
 * {@link MemberViewsRequest} as a tree (identity checks it at its edge); the answer, {@code {"items": [Member, ...]}},
 * is a {@link Response} because its items are identity's public Member objects, passed on as they are.
 */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
public interface IdentityMemberViewsApi {

    @POST
    @Path("/orgs/{organizationId}/member-views")
    @Consumes(MediaType.APPLICATION_JSON)
    Response views(@HeaderParam("Authorization") String authorization,
                   @PathParam("organizationId") String organizationId, JsonNode body);
}
