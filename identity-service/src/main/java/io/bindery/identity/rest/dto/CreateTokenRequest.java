package io.bindery.identity.rest.dto;

public record CreateTokenRequest(Long expiresInSeconds) {
}
