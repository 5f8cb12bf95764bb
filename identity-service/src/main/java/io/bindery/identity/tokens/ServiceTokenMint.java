package io.bindery.identity.tokens;

import io.bindery.commons.auth.ServiceTokens;
import io.bindery.commons.ids.Ids;
import io.bindery.contracts.identity.ServiceTokenResponse;
import io.bindery.identity.keys.SigningKeys;
import io.smallrye.jwt.build.Jwt;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jose4j.jwk.RsaJsonWebKey;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The short-lived service tokens services call each other's internal APIs with ({@link ServiceTokens}): they name
 * the calling service ({@code sub} service:&lt;name&gt;) and the one service it may call ({@code aud}), for five
 * minutes. Nothing of them is stored.
 */
@ApplicationScoped
public class ServiceTokenMint {
    static final long TTL_SECONDS = 300;

    @Inject
    SigningKeys keys;
    @ConfigProperty(name = "mp.jwt.verify.issuer", defaultValue = "bindery")
    String issuer;

    public ServiceTokenResponse mint(String service, String audience) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        Instant expires = now.plusSeconds(TTL_SECONDS);
        RsaJsonWebKey key = keys.current();
        String token = Jwt.issuer(issuer).subject("service:" + service).audience(audience).claim("jti", Ids.newId())
                .claim(ServiceTokens.SERVICE_CLAIM, service).issuedAt(now).expiresAt(expires)
                .jws().keyId(key.getKeyId()).algorithm(io.smallrye.jwt.algorithm.SignatureAlgorithm.RS256)
                .sign(key.getRsaPrivateKey());
        return new ServiceTokenResponse(token, expires);
    }
}
