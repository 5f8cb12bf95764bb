package io.bindery.identity.tokens;

public record CreateTokenRequest(Long expiresInSeconds) {
}
