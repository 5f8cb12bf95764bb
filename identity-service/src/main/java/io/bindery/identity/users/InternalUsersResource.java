package io.bindery.identity.users;

import io.bindery.contracts.identity.IdentityUsersApi;
import io.bindery.contracts.identity.UserChanged;
import io.bindery.contracts.identity.UserResponse;
import jakarta.inject.Inject;

import java.time.Instant;

/**
 * Internal (never routed by the gateway, outside the /v1 routes the bearer filter guards): one user as
 * identity knows it now, for the other services' user directories to read through on a miss.
 */
public class InternalUsersResource implements IdentityUsersApi {
    @Inject
    Users users;

    @Override
    public UserResponse user(String authorization, String userId) {
        // taken before the read: an event at or after this instant may describe a later state
        Instant asOf = Instant.now();
        UserView view = users.viewOf(userId);
        return new UserResponse(view.object(), view.id(), view.displayName(), view.email(), view.photoURL(),
                new UserChanged.Urls(view.urls().location()), asOf);
    }
}
