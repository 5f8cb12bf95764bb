package io.bindery.identity.users;

/** The User resource: {@code object: user}. */
public record UserView(String object, String id, String displayName, String email, String photoURL, Urls urls) {
    public record Urls(String location) {
    }
}
