package io.bindery.identity.keys;

import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;

/** The public keys tokens are verified with (routed by the gateway without a token). */
@Path("/.well-known/jwks.json")
public class JwksResource {
    @Inject
    SigningKeys keys;

    @GET
    @Produces("application/json")
    public String jwks() {
        return keys.jwksJson();
    }
}
