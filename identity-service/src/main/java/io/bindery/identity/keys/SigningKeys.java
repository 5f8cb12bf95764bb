package io.bindery.identity.keys;

import io.bindery.identity.config.IdentityConfig;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.jboss.logging.Logger;
import org.jose4j.jwk.JsonWebKey;
import org.jose4j.jwk.JsonWebKeySet;
import org.jose4j.jwk.RsaJsonWebKey;
import org.jose4j.jwk.RsaJwkGenerator;
import org.jose4j.lang.JoseException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The RS256 signing key and the JWKS.
 * <p>
 * Given ({@code bindery.signing-key.file} or {@code .value}, e.g. from a Kubernetes Secret): every replica signs with
 * it, and its public half is recorded in identity's schema (never its private half), so that after a rotation the
 * JWKS still lists the previous keys and tokens signed with them stay valid until they expire or are revoked.
 * Not given: as before, the first start creates a key in the schema and every replica signs with the oldest
 * stored key that has a private half (two replicas racing at first start both stay valid).
 * The JWKS lists the signing key and every stored key; it re-reads them every {@code jwks-refresh}.
 */
@ApplicationScoped
public class SigningKeys {
    private static final Logger LOG = Logger.getLogger(SigningKeys.class);

    @Inject
    IdentityConfig config;
    @Inject
    SigningKeyStore store;

    private volatile RsaJsonWebKey current;
    private volatile String jwks;
    private volatile Instant jwksReadAt = Instant.EPOCH;

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
        if (Instant.now().isAfter(jwksReadAt.plus(config.signingKey().jwksRefresh()))) {
            synchronized (this) {
                if (Instant.now().isAfter(jwksReadAt.plus(config.signingKey().jwksRefresh()))) {
                    publish(current, QuarkusTransaction.requiringNew().call(this::stored));
                }
            }
        }
        return jwks;
    }

    private void load() {
        RsaJsonWebKey given = ConfiguredSigningKey.read(config.signingKey().file(), config.signingKey().value());
        List<SigningKey> keys = QuarkusTransaction.requiringNew().call(() -> {
            if (given != null) {
                // each replica records the same row (its kid is the key's thumbprint); the first one wins
                store.insertIfAbsent(given.getKeyId(), given.toJson(JsonWebKey.OutputControlLevel.PUBLIC_ONLY), Instant.now());
            } else if (stored().stream().noneMatch(k -> parse(k) instanceof RsaJsonWebKey r && r.getRsaPrivateKey() != null)) {
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
                store.persist(created);
            }
            return stored();
        });
        RsaJsonWebKey signing = given;
        if (signing == null) {
            // rows recorded from a given key have no private half: the oldest generated key signs
            signing = keys.stream().map(SigningKeys::parse).filter(k -> k instanceof RsaJsonWebKey r && r.getRsaPrivateKey() != null)
                    .map(RsaJsonWebKey.class::cast).findFirst().orElseThrow();
        }
        LOG.infof("tokens are signed with key %s (%s)", signing.getKeyId(), given != null ? "given" : "kept in the schema");
        publish(signing, keys);
        current = signing;
    }

    private List<SigningKey> stored() {
        return store.all();
    }

    private void publish(RsaJsonWebKey signing, List<SigningKey> keys) {
        Map<String, JsonWebKey> byKid = new LinkedHashMap<>();
        byKid.put(signing.getKeyId(), signing);
        keys.forEach(k -> byKid.putIfAbsent(k.kid, parse(k)));
        jwks = new JsonWebKeySet(List.copyOf(byKid.values())).toJson(JsonWebKey.OutputControlLevel.PUBLIC_ONLY);
        jwksReadAt = Instant.now();
    }

    private static JsonWebKey parse(SigningKey k) {
        try {
            return JsonWebKey.Factory.newJwk(k.privateJwk);
        } catch (JoseException e) {
            throw new IllegalStateException("stored signing key " + k.kid + " is unreadable", e);
        }
    }

    /** Reads a given key: PEM (PKCS#1 "RSA PRIVATE KEY", as Helm's genPrivateKey writes, or PKCS#8) or a private JWK. */
    static final class ConfiguredSigningKey {
        private ConfiguredSigningKey() {
        }

        static RsaJsonWebKey read(java.util.Optional<String> file, java.util.Optional<String> value) {
            String text = value.filter(v -> !v.isBlank()).orElse(null);
            if (text == null && file.isPresent() && !file.get().isBlank()) {
                Path path = Path.of(file.get());
                if (!Files.exists(path)) {
                    // the chart's Secret volume is optional: without it identity keeps its own key
                    LOG.warnf("bindery.signing-key.file %s does not exist: signing with the key kept in the schema", path);
                    return null;
                }
                try {
                    text = Files.readString(path, StandardCharsets.UTF_8);
                } catch (IOException e) {
                    throw new IllegalStateException("bindery.signing-key.file " + path + " cannot be read", e);
                }
            }
            return text == null ? null : parse(text.strip());
        }

        static RsaJsonWebKey parse(String text) {
            try {
                RsaJsonWebKey jwk;
                if (text.startsWith("{")) {
                    if (!(JsonWebKey.Factory.newJwk(text) instanceof RsaJsonWebKey rsa) || rsa.getRsaPrivateKey() == null) {
                        throw new IllegalStateException("bindery.signing-key: the JWK is not an RSA private key");
                    }
                    jwk = rsa;
                } else {
                    java.security.interfaces.RSAPrivateCrtKey key = Pem.rsaPrivateKey(text);
                    java.security.KeyFactory rsa = java.security.KeyFactory.getInstance("RSA");
                    jwk = new RsaJsonWebKey((java.security.interfaces.RSAPublicKey) rsa.generatePublic(
                            new java.security.spec.RSAPublicKeySpec(key.getModulus(), key.getPublicExponent())));
                    jwk.setPrivateKey(key);
                }
                if (jwk.getRsaPublicKey().getModulus().bitLength() < 2048) {
                    throw new IllegalStateException("bindery.signing-key: an RSA key of at least 2048 bits is required");
                }
                if (jwk.getKeyId() == null) {
                    // the same key gives the same kid on every replica and after every restart
                    jwk.setKeyId(jwk.calculateBase64urlEncodedThumbprint("SHA-256"));
                }
                jwk.setAlgorithm("RS256");
                jwk.setUse("sig");
                return jwk;
            } catch (JoseException | java.security.GeneralSecurityException | IllegalArgumentException e) {
                throw new IllegalStateException("bindery.signing-key is not an RSA private key (PEM or JWK): " + e.getMessage(), e);
            }
        }
    }
}
