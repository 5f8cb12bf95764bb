package io.bindery.identity.tokens;

import io.bindery.commons.auth.Caller;
import io.bindery.identity.users.Users;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** API tokens: the caller's own (POST /v1/user/tokens, DELETE /v1/user/tokens/{id}) and a user's by the instance admin. */
@Path("/v1")
@Produces(MediaType.APPLICATION_JSON)
public class TokenResource {
    @Inject
    Caller caller;
    @Inject
    Users users;
    @Inject
    Tokens tokens;

    @POST
    @Path("/user/tokens")
    public Response mintOwn(CreateTokenRequest body) {
        users.viewOfCaller(caller.userId());
        Tokens.Minted minted = tokens.mint(caller.userId(), body == null ? null : body.expiresInSeconds());
        return Response.status(201).entity(TokenView.of(minted)).build();
    }

    @DELETE
    @Path("/user/tokens/{tokenId}")
    public Response revokeOwn(@PathParam("tokenId") String tokenId) {
        tokens.revoke(caller.userId(), tokenId);
        return Response.noContent().build();
    }

    @POST
    @Path("/admin/users/{userId}/tokens")
    public Response mint(@PathParam("userId") String userId, CreateTokenRequest body) {
        users.requireInstanceAdmin(caller.userId());
        String user = users.get(userId).id();
        Tokens.Minted minted = tokens.mint(user, body == null ? null : body.expiresInSeconds());
        return Response.status(201).entity(TokenView.of(minted)).build();
    }
}
