package io.bindery.identity.users;

import io.bindery.commons.auth.Caller;
import io.bindery.commons.errors.ApiException;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** Instance administration: creating users (instance admin only); minting tokens for them is {@code TokenResource}'s. */
@Path("/v1")
@Produces(MediaType.APPLICATION_JSON)
public class AdminUserResource {
    @Inject
    Caller caller;
    @Inject
    Users users;

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
}
