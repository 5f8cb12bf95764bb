package io.bindery.identity.users;

import io.bindery.commons.auth.Caller;
import io.bindery.identity.tokens.CreateTokenRequest;
import io.bindery.identity.tokens.TokenView;
import io.bindery.identity.tokens.Tokens;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** The caller and other users: GET /v1/user, /v1/user/tokens, GET /v1/users/{userId}. */
@Path("/v1")
@Produces(MediaType.APPLICATION_JSON)
public class UserResource {
    @Inject
    Caller caller;
    @Inject
    Users users;
    @Inject
    Tokens tokens;

    @GET
    @Path("/user")
    public UserView me() {
        return users.viewOfCaller(caller.userId());
    }

    @GET
    @Path("/users/{userId}")
    public UserView user(@PathParam("userId") String userId) {
        return users.viewOf(userId);
    }

    @POST
    @Path("/user/tokens")
    public Response mintOwn(CreateTokenRequest body) {
        me();
        Tokens.Minted minted = tokens.mint(caller.userId(), body == null ? null : body.expiresInSeconds());
        return Response.status(201).entity(TokenView.of(minted)).build();
    }

    @DELETE
    @Path("/user/tokens/{tokenId}")
    public Response revokeOwn(@PathParam("tokenId") String tokenId) {
        tokens.revoke(caller.userId(), tokenId);
        return Response.noContent().build();
    }
}
