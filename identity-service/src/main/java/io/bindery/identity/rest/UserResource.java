package io.bindery.identity.rest;

import io.bindery.commons.auth.Caller;
import io.bindery.commons.errors.ApiException;
import io.bindery.identity.domain.UserAccount;
import io.bindery.identity.rest.dto.CreateTokenRequest;
import io.bindery.identity.rest.dto.TokenView;
import io.bindery.identity.rest.dto.UserView;
import io.bindery.identity.service.Tokens;
import io.bindery.identity.service.Users;
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
        UserAccount me = UserAccount.findById(caller.userId());
        if (me == null) {
            throw ApiException.unauthorized("the token's user no longer exists");
        }
        return users.view(me);
    }

    @GET
    @Path("/users/{userId}")
    public UserView user(@PathParam("userId") String userId) {
        return users.view(users.get(userId));
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
