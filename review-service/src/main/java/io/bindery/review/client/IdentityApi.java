package io.bindery.review.client;

import io.bindery.contracts.identity.IdentityMemberViewsApi;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * identity-service's internal member views ({@link IdentityMemberViewsApi}) as review calls them (built by
 * {@link IdentityMembersClient}): {@code {"items": [Member, ...]}}, passed on as identity shapes them.
 */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
public interface IdentityApi extends IdentityMemberViewsApi {
}
