package io.bindery.identity.users;

import io.bindery.commons.auth.Caller;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The caller and other users: GET /v1/user, GET /v1/users/{userId}; the caller's tokens are {@code TokenResource}'s. */
@Path("/v1")
@Produces(MediaType.APPLICATION_JSON)
public class UserResource {
    @Inject
    Caller caller;
    @Inject
    Users users;

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
}
