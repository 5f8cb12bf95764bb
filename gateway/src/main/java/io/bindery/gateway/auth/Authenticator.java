package io.bindery.gateway.auth;

import io.bindery.commons.auth.TokenRejectedException;
import io.bindery.commons.auth.TokenVerifier;
import io.bindery.commons.auth.VerifiedToken;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

/**
 * Verifies the Authorization header with the commons {@link TokenVerifier} without blocking the event loop:
 * a token the verifier has seen is checked inline (a map look-up, expiry and revocation re-checked); a new one
 * needs a signature check and possibly a JWKS download, so it goes to a worker thread.
 */
@Singleton
public class Authenticator {
    private final TokenVerifier verifier;
    private final Vertx vertx;

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
        try {
            return verifier.cachedHeader(authorization);
        } catch (RuntimeException e) {
            throw new TokenRejectedException("invalid token");
        }
    }

    /** Verifies on a worker thread; the future completes on the caller's context. */
    public Future<VerifiedToken> verifyOnWorker(String authorization) {
        return vertx.executeBlocking(() -> {
            try {
                return verifier.verifyHeader(authorization);
            } catch (RuntimeException e) {
                throw new TokenRejectedException("invalid token");
            }
        }, false);
    }
}
