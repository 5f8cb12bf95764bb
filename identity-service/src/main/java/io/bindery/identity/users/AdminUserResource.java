package io.bindery.identity.users;

import io.bindery.commons.auth.Caller;
import io.bindery.commons.errors.ApiException;
import io.bindery.identity.tokens.CreateTokenRequest;
import io.bindery.identity.tokens.TokenView;
import io.bindery.identity.tokens.Tokens;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** Instance administration: creating users and minting tokens for them (instance admin only). */
@Path("/v1")
@Produces(MediaType.APPLICATION_JSON)
public class AdminUserResource {
    @Inject
    Caller caller;
    @Inject
    Users users;
    @Inject
    Tokens tokens;

    @POST
    @Path("/admin/users")
    public Response create(CreateUserRequest body) {
        users.requireInstanceAdmin(caller.userId());
        if (body == null) {
            throw ApiException.badRequest("request body is required: {email, displayName}");
        }
        UserAccount user = users.create(body.email(), body.displayName(), body.photoURL(), false);
        return Response.status(201).entity(users.view(user)).build();
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
