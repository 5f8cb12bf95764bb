package io.bindery.commons.client;

import io.bindery.contracts.identity.IdentityRevocationsApi;
import io.bindery.contracts.identity.IdentityServiceTokensApi;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The services' REST Client of identity's token APIs (service tokens, revocations); the gateway has its own. */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
public interface IdentityTokensApi extends IdentityServiceTokensApi, IdentityRevocationsApi {
}
