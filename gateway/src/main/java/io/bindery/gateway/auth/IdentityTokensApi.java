package io.bindery.gateway.auth;

import io.bindery.contracts.identity.IdentityRevocationsApi;
import io.bindery.contracts.identity.IdentityServiceTokensApi;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * The gateway's REST Client of identity's token APIs (a service token for the revocation polls, the revocations):
 * one client of both contracts; the services' {@code AuthProducers} build clients of the contracts themselves.
 */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
public interface IdentityTokensApi extends IdentityServiceTokensApi, IdentityRevocationsApi {
}
