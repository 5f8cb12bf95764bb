package io.bindery.contracts.identity;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * identity-service's internal mint of service tokens: every service (and the gateway) asks it for the token of a
 * call to another service. Identity's {@code InternalServiceTokensResource} implements it; commons' and the gateway's
 * REST Clients extend it. {@code authorization} is {@code Bearer <service secret>}, which identity checks itself
 * (its filter lets this one path through); the body is a {@link ServiceTokenRequest} as a tree, because identity
 * checks it field by field at its edge.
 */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
public interface IdentityServiceTokensApi {
    /** The full path, which identity's filter lets through without a service token (there is none yet). */
    String MINT_PATH = "/internal/service-tokens";

    @POST
    @Path("/service-tokens")
    @Consumes(MediaType.APPLICATION_JSON)
    ServiceTokenResponse mint(@HeaderParam("Authorization") String authorization, JsonNode body);
}
