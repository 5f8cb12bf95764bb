package io.bindery.identity.users;

import io.bindery.commons.urls.PublicUrls;
import io.bindery.contracts.identity.UserChanged;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** The User resource ({@link UserView}) and the data of the user events. */
@ApplicationScoped
class UserViews {
    @Inject
    PublicUrls urls;

    /** The data of the user events: the User object. */
    UserChanged event(UserAccount user) {
        return new UserChanged("user", user.id, user.displayName, user.email, user.photoUrl,
                new UserChanged.Urls(urls.api("/users/" + user.id)));
    }

    UserView view(UserAccount user) {
        return new UserView("user", user.id, user.displayName, user.email, user.photoUrl,
                new UserView.Urls(urls.api("/users/" + user.id)));
    }
}
