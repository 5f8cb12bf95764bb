package io.bindery.identity.rest;

import io.bindery.contracts.identity.TokenRevocationsResponse;
import io.bindery.identity.service.Tokens;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import java.util.List;

/**
 * Internal (never routed by the gateway): revoked tokens after a sequence number, polled by every token
 * verifier (gateway and services) so revocation takes effect everywhere within seconds.
 */
@Path("/internal/token-revocations")
@Produces(MediaType.APPLICATION_JSON)
public class InternalRevocationsResource {
    private static final int PAGE = 1000;

    @Inject
    Tokens tokens;

    @GET
    public TokenRevocationsResponse after(@QueryParam("after") Long after) {
        List<TokenRevocationsResponse.Revocation> items = tokens.revocationsAfter(after == null || after < 0 ? 0 : after, PAGE);
        return new TokenRevocationsResponse(items, items.size() == PAGE);
    }
}
