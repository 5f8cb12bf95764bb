package io.bindery.identity.service;

import io.bindery.identity.domain.SigningKey;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwk.JsonWebKeySet;
import org.jose4j.jwk.RsaJsonWebKey;
import org.jose4j.jwk.RsaJwkGenerator;
import org.jose4j.lang.JoseException;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The RS256 signing key: created at first start and kept in identity's schema. Every replica signs with
 * the oldest key, and the JWKS lists them all, so two replicas racing at first start both stay valid.
 */
@ApplicationScoped
public class SigningKeys {
    private volatile RsaJsonWebKey current;
    private volatile String jwks;

    public RsaJsonWebKey current() {
        RsaJsonWebKey key = current;
        if (key == null) {
            synchronized (this) {
                if (current == null) {
                    load();
                }
                key = current;
            }
        }
        return key;
    }

    public String jwksJson() {
        current();
        return jwks;
    }

    private void load() {
        List<SigningKey> keys = QuarkusTransaction.requiringNew().call(() -> {
            if (SigningKey.count() == 0) {
                SigningKey created = new SigningKey();
                try {
                    RsaJsonWebKey jwk = RsaJwkGenerator.generateJwk(2048);
                    jwk.setKeyId(UUID.randomUUID().toString());
                    jwk.setAlgorithm("RS256");
                    jwk.setUse("sig");
                    created.kid = jwk.getKeyId();
                    created.privateJwk = jwk.toJson(JsonWebKey.OutputControlLevel.INCLUDE_PRIVATE);
                } catch (JoseException e) {
                    throw new IllegalStateException("cannot create the signing key", e);
                }
                created.createdAt = Instant.now();
                created.persist();
            }
            return SigningKey.<SigningKey>listAll(io.quarkus.panache.common.Sort.by("createdAt").and("kid"));
        });
        try {
            JsonWebKeySet set = new JsonWebKeySet();
            for (SigningKey k : keys) {
                set.addJsonWebKey(JsonWebKey.Factory.newJwk(k.privateJwk));
            }
            current = (RsaJsonWebKey) set.getJsonWebKeys().get(0);
            jwks = set.toJson(JsonWebKey.OutputControlLevel.PUBLIC_ONLY);
        } catch (JoseException e) {
            throw new IllegalStateException("stored signing key is unreadable", e);
        }
    }
}
