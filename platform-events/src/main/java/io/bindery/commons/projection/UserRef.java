package io.bindery.commons.projection;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.bindery.commons.urls.PublicUrls;

/**
 * A user as another service knows it from {@link UserDirectory}: what GitBook's {@code User} object shows.
 * {@code photoURL} is null when the user has none.
 */
public record UserRef(String id, String displayName, String email, String photoURL) {

    /** GitBook's User object: {object:"user", id, displayName, email, photoURL (omitted when unset), urls{location}}. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record View(String object, String id, String displayName, String email, String photoURL, Urls urls) {
    }

    public record Urls(String location) {
    }

    /** The User JSON shape, located at identity's public {@code /v1/users/{id}}. */
    public View view(PublicUrls urls) {
        return new View("user", id, displayName, email, photoURL, new Urls(urls.api("/users/" + id)));
    }
}
