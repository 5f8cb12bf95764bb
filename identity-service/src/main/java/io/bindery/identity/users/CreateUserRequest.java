package io.bindery.identity.users;

public record CreateUserRequest(String email, String displayName, String photoURL) {
}
