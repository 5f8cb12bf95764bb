package io.bindery.commons.auth;

import java.util.Set;

/**
 * What a valid token says: whose it is, its own id (jti), when it expires (epoch seconds), and for a service token
 * (minted by identity for calls between services) the calling service and the services it may call.
 */
public record VerifiedToken(String userId, String tokenId, long expiresAt, String service, Set<String> audience) {
    public VerifiedToken(String userId, String tokenId, long expiresAt) {
        this(userId, tokenId, expiresAt, null, Set.of());
    }

    /** A token identity minted for one service to call others, not a user's API token. */
    public boolean isService() {
        return service != null;
    }
}
