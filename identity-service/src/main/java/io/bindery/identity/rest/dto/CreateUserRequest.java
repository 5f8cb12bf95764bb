package io.bindery.identity.rest.dto;

public record CreateUserRequest(String email, String displayName, String photoURL) {
}
