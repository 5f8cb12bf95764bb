package io.bindery.commons.projection;

import io.bindery.contracts.identity.IdentityMembershipsApi;
import io.bindery.contracts.identity.IdentityTeamViewsApi;
import io.bindery.contracts.identity.IdentityTeamsApi;
import io.bindery.contracts.identity.IdentityUsersApi;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The projections' REST Client of identity's reads of users, memberships and teams ({@link IdentityClient}). */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
public interface IdentityDirectoryApi extends IdentityUsersApi, IdentityMembershipsApi, IdentityTeamsApi, IdentityTeamViewsApi {
}
