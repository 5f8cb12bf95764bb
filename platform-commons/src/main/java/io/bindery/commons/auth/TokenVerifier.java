package io.bindery.commons.auth;

import io.smallrye.jwt.algorithm.SignatureAlgorithm;
import io.smallrye.jwt.auth.principal.DefaultJWTParser;
import io.smallrye.jwt.auth.principal.JWTAuthContextInfo;
import io.smallrye.jwt.auth.principal.JWTParser;
import io.smallrye.jwt.auth.principal.ParseException;
import org.eclipse.microprofile.jwt.JsonWebToken;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Verifies API tokens with SmallRye JWT against the issuer's JWKS (RS256 only, so `alg: none` and
 * HS256-with-the-public-key tricks fail), then caches the verdict so a token's signature is checked once
 * per process, not on every request. The cache is bounded and every hit re-checks expiry and revocation.
 */
public final class TokenVerifier {
    public static final String BEARER = "Bearer ";
    private static final int MAX_CACHED = 10_000;

    private final JWTParser parser;
    private final RevocationList revocations;
    private final ConcurrentHashMap<String, VerifiedToken> cache = new ConcurrentHashMap<>();

    public TokenVerifier(String jwksUrl, String issuer, RevocationList revocations) {
        JWTAuthContextInfo info = new JWTAuthContextInfo(jwksUrl, issuer);
        info.setSignatureAlgorithm(Set.of(SignatureAlgorithm.RS256));
        info.setExpGracePeriodSecs(0);
        info.setJwksRefreshInterval(10);
        this.parser = new DefaultJWTParser(info);
        this.revocations = revocations;
    }

    /** Verifies the value of an Authorization header. */
    public VerifiedToken verifyHeader(String authorization) throws TokenRejectedException {
        if (authorization == null || authorization.isBlank()) {
            throw new TokenRejectedException("missing bearer token: send Authorization: Bearer <token>");
        }
        if (!authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            throw new TokenRejectedException("Authorization header must use the Bearer scheme");
        }
        return verify(authorization.substring(BEARER.length()).trim());
    }

    /**
     * The verdict on an Authorization header without any I/O: the token if it was verified before (expiry and
     * revocation re-checked), null when it must go through {@link #verifyHeader} first. Headers that are
     * plainly not bearer tokens are refused here too. Safe on an event loop.
     */
    public VerifiedToken cachedHeader(String authorization) throws TokenRejectedException {
        if (authorization == null || authorization.length() <= BEARER.length()
                || !authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            return verifyHeader(authorization); // refused without a look-up
        }
        String token = authorization.substring(BEARER.length()).trim();
        VerifiedToken verified = cache.get(token);
        return verified == null ? null : checkStillValid(token, verified);
    }

    /** Verifies a token; the first time may fetch the issuer's JWKS, so call it off the event loop. */
    public VerifiedToken verify(String token) throws TokenRejectedException {
        VerifiedToken verified = cache.get(token);
        if (verified == null) {
            verified = verifySignature(token);
            if (cache.size() >= MAX_CACHED) {
                cache.clear(); // crude but bounded; entries are cheap to rebuild
            }
            cache.put(token, verified);
        }
        return checkStillValid(token, verified);
    }

    private VerifiedToken checkStillValid(String token, VerifiedToken verified) throws TokenRejectedException {
        long now = System.currentTimeMillis() / 1000;
        if (verified.expiresAt() <= now) {
            cache.remove(token);
            throw new TokenRejectedException("token has expired");
        }
        if (revocations != null && revocations.isRevoked(verified.tokenId())) {
            throw new TokenRejectedException("token has been revoked");
        }
        return verified;
    }

    private VerifiedToken verifySignature(String token) throws TokenRejectedException {
        if (token.isEmpty() || token.length() > 8192) {
            throw new TokenRejectedException("malformed token");
        }
        JsonWebToken jwt;
        try {
            jwt = parser.parse(token);
        } catch (ParseException e) {
            throw new TokenRejectedException(reason(e));
        } catch (RuntimeException e) {
            throw new TokenRejectedException("invalid token");
        }
        String subject = jwt.getSubject();
        String id = jwt.getTokenID();
        if (subject == null || id == null || jwt.getExpirationTime() <= 0) {
            throw new TokenRejectedException("token lacks sub, jti or exp");
        }
        Object service = jwt.getClaim(ServiceTokens.SERVICE_CLAIM);
        java.util.Set<String> audience = jwt.getAudience() == null ? java.util.Set.of() : java.util.Set.copyOf(jwt.getAudience());
        return new VerifiedToken(subject, id, jwt.getExpirationTime(), service == null ? null : service.toString()
                .replaceAll("^\"|\"$", ""), audience);
    }

    private static String reason(ParseException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String m = String.valueOf(t.getMessage());
            if (m.contains("expired") || m.contains("Expiration") || m.contains("no longer valid")) {
                return "token has expired";
            }
        }
        return "invalid token";
    }

    public void close() {
        if (revocations != null) {
            revocations.close();
        }
    }
}
