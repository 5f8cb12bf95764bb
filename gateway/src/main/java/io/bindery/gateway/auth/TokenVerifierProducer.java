package io.bindery.gateway.auth;

import io.bindery.commons.auth.TokenVerifier;
import io.bindery.commons.client.IdentityCalls;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The commons {@link TokenVerifier}, built from {@code mp.jwt.verify.publickey.location}, {@code mp.jwt.verify.issuer}
 * and {@code bindery.identity-url} (the gateway does not index platform-commons as CDI beans, so it wires the
 * plain class itself) and closed at shutdown, which stops its revocation polling.
 */
@Singleton
public class TokenVerifierProducer {
    private volatile TokenVerifier verifier;

    @Produces
    @Singleton
    TokenVerifier tokenVerifier() {
        var config = ConfigProvider.getConfig();
        verifier = IdentityCalls.tokenVerifier(IdentityTokensApi.class, config, IdentityCalls.serviceTokens(IdentityTokensApi.class, config));
        return verifier;
    }

    void stop(@Observes ShutdownEvent event) {
        TokenVerifier v = verifier;
        if (v != null) {
            v.close();
        }
    }
}
