package io.bindery.contracts.identity;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import java.util.concurrent.CompletionStage;

/**
 * identity-service's internal list of revoked tokens, polled by every token verifier (gateway and services):
 * the revocations after sequence number {@code after}; with {@code wait} (ms) an answer that would be empty waits
 * for a revocation instead (a long poll). Identity's {@code InternalRevocationsResource} implements it; commons' and
 * the gateway's REST Clients extend it. Asynchronous because identity holds a long poll without a thread.
 */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
public interface IdentityRevocationsApi {

    @GET
    @Path("/token-revocations")
    CompletionStage<TokenRevocationsResponse> after(@HeaderParam("Authorization") String authorization,
                                                    @QueryParam("after") Long after, @QueryParam("wait") Long waitMs);
}
