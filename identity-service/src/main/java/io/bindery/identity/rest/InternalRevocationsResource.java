package io.bindery.identity.rest;

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

    public record Revocations(List<Tokens.Revocation> items, boolean more) {
    }

    @GET
    public Revocations after(@QueryParam("after") Long after) {
        List<Tokens.Revocation> items = tokens.revocationsAfter(after == null || after < 0 ? 0 : after, PAGE);
        return new Revocations(items, items.size() == PAGE);
    }
}
