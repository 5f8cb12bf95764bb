package io.bindery.gateway.auth;

import io.bindery.commons.auth.TokenRejectedException;
import io.bindery.commons.auth.TokenVerifier;
import io.bindery.commons.auth.VerifiedToken;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

/**
 * Verifies the Authorization header with the commons {@link TokenVerifier} without blocking the event loop.
 *
 * <p>The verifier caches verdicts, so a token it has seen is checked (expiry, revocation) in a map look-up; a new
 * token needs a signature check and possibly a JWKS download, which is blocking I/O. The gateway therefore keeps a
 * small lossy set of hashes of headers it has recently seen verified: those are verified inline on the event loop,
 * anything else on a worker thread. The set is only a hint about where to run the check - every request is
 * verified by the verifier itself - so a hash collision costs at most one inline signature check.
 */
@Singleton
public class Authenticator {
    private static final int HINT_SLOTS = 1 << 14; // 128 KiB
    private static final int BEARER_LENGTH = TokenVerifier.BEARER.length();

    private final TokenVerifier verifier;
    private final Vertx vertx;
    private final long[] recentlyVerified = new long[HINT_SLOTS];

    @Inject
    public Authenticator(TokenVerifier verifier, Vertx vertx) {
        this.verifier = verifier;
        this.vertx = vertx;
    }

    /**
     * Verifies inline when that cannot block.
     *
     * @return the verified token, or {@code null} when verification must run on a worker ({@link #verifyOnWorker})
     * @throws TokenRejectedException when the header is missing, not Bearer, or the token is refused
     */
    public VerifiedToken verifyInline(String authorization) throws TokenRejectedException {
        if (authorization == null || authorization.length() <= BEARER_LENGTH
                || !authorization.regionMatches(true, 0, TokenVerifier.BEARER, 0, BEARER_LENGTH)) {
            return verify(authorization); // refused before any look-up or I/O
        }
        long hash = hash(authorization);
        if (recentlyVerified[slot(hash)] != hash) {
            return null;
        }
        return verify(authorization);
    }

    /** Verifies on a worker thread; the future completes on the caller's context. */
    public Future<VerifiedToken> verifyOnWorker(String authorization) {
        return vertx.executeBlocking(() -> {
            VerifiedToken token = verify(authorization);
            long hash = hash(authorization);
            recentlyVerified[slot(hash)] = hash;
            return token;
        }, false);
    }

    private VerifiedToken verify(String authorization) throws TokenRejectedException {
        try {
            return verifier.verifyHeader(authorization);
        } catch (RuntimeException e) {
            throw new TokenRejectedException("invalid token");
        }
    }

    private static long hash(String header) {
        // never 0, so an empty slot never matches
        return ((long) header.hashCode() << 32) ^ (header.length() * 0x9E3779B9L) | 1L;
    }

    private static int slot(long hash) {
        return (int) (hash ^ (hash >>> 29)) & (HINT_SLOTS - 1);
    }
}
