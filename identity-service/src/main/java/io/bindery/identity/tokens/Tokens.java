package io.bindery.identity.tokens;

import io.bindery.identity.config.IdentityConfig;
import io.bindery.identity.keys.SigningKeys;
import io.bindery.identity.support.Inputs;
import io.bindery.contracts.identity.TokenRevocationsResponse.Revocation;
import io.bindery.contracts.identity.IdentityEventTypes;
import io.bindery.contracts.identity.TokenChanged;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.events.EventPublisher;
import io.bindery.commons.ids.Ids;
import io.smallrye.jwt.build.Jwt;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;
import org.jose4j.jwk.RsaJsonWebKey;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/** Minting and revoking API tokens (RS256 JWTs: iss, sub = user id, jti = token id, iat, exp). */
@ApplicationScoped
public class Tokens {
    @Inject
    RevocationWaits waits;
    @Inject
    TransactionSynchronizationRegistry transactions;
    /** Longest lifetime a caller may ask for: ten years. */
    public static final long MAX_TTL_SECONDS = 10L * 366 * 24 * 3600;
    public static final long MIN_TTL_SECONDS = 60;

    @Inject
    SigningKeys keys;
    @Inject
    TokenStore store;
    @Inject
    EventPublisher events;
    @Inject
    IdentityConfig config;

    public record Minted(String id, String token, Instant expiresAt) {
    }

    /** @param ttlSeconds requested lifetime, null for the default */
    @Transactional
    public Minted mint(String userId, Long ttlSeconds) {
        long ttl = ttlSeconds == null ? config.tokens().defaultTtl().toSeconds() : ttlSeconds;
        if (ttl < MIN_TTL_SECONDS || ttl > MAX_TTL_SECONDS) {
            throw ApiException.badRequest("expiresInSeconds must be between " + MIN_TTL_SECONDS + " and " + MAX_TTL_SECONDS);
        }
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        ApiToken row = new ApiToken();
        row.id = Ids.newId();
        row.userId = userId;
        row.createdAt = now;
        row.expiresAt = now.plusSeconds(ttl);
        store.persist(row);
        RsaJsonWebKey key = keys.current();
        String jwt = Jwt.issuer(config.tokens().issuer()).subject(userId).claim("jti", row.id)
                .issuedAt(now).expiresAt(row.expiresAt)
                .jws().keyId(key.getKeyId()).algorithm(io.smallrye.jwt.algorithm.SignatureAlgorithm.RS256)
                .sign(key.getRsaPrivateKey());
        events.publish(IdentityEventTypes.TOKEN_CREATED, row.id, new TokenChanged(row.id, userId, row.expiresAt));
        return new Minted(row.id, jwt, row.expiresAt);
    }

    /**
     * Revokes one of the caller's tokens; a token that is not theirs, or unknown, changes nothing. The row is locked
     * from the read on: of two revocations of one token the second waits and finds it revoked, instead of giving it
     * a second revocation number and event.
     */
    @Transactional
    public void revoke(String userId, String tokenId) {
        ApiToken token = tokenId == null || Inputs.hasNul(tokenId) ? null
                : store.findLocked(tokenId);
        if (token == null || !token.userId.equals(userId) || token.revokedAt != null) {
            return;
        }
        // One revocation at a time, so sequence numbers become visible in order and a poller that has
        // seen number N never misses a smaller one committed later.
        long seq = store.nextRevocationSeq();
        token.revokedAt = Instant.now();
        token.revocationSeq = seq;
        store.notifyRevocation();
        // long polls waiting in this process answer once the revocation is visible (RevocationWaits)
        transactions.registerInterposedSynchronization(new Synchronization() {
            @Override
            public void beforeCompletion() {
            }

            @Override
            public void afterCompletion(int status) {
                if (status == Status.STATUS_COMMITTED) {
                    waits.revoked();
                }
            }
        });
        events.publish(IdentityEventTypes.TOKEN_REVOKED, token.id, new TokenChanged(token.id, userId, token.expiresAt));
    }

    /** Revocations after a sequence number, for the verifiers' polling; expired ones are left out. */
    @Transactional
    public List<Revocation> revocationsAfter(long seq, int limit) {
        List<ApiToken> rows = store.revokedAfter(seq, Instant.now(), limit);
        return rows.stream().map(t -> new Revocation(t.revocationSeq, t.id, t.expiresAt)).toList();
    }

    /** Whether a token (by id) is still good for this user: used to decide whether the admin token file is fresh. */
    @Transactional
    public boolean usable(String tokenId, String userId) {
        ApiToken t = store.find(tokenId);
        return t != null && t.userId.equals(userId) && t.usableAt(Instant.now().plusSeconds(3600));
    }
}
