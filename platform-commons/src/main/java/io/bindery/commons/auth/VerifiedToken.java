package io.bindery.commons.auth;

/** What a valid API token says: whose it is, its own id (jti) and when it expires (epoch seconds). */
public record VerifiedToken(String userId, String tokenId, long expiresAt) {
}
