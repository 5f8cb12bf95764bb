package io.bindery.commons.client;

import io.bindery.commons.auth.ServiceTokens;
import io.bindery.commons.auth.TokenVerifier;
import io.bindery.commons.config.BinderyServiceConfig;
import io.bindery.contracts.identity.IdentityRevocationsApi;
import io.bindery.contracts.identity.IdentityServiceTokensApi;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * CDI wiring of the token classes (plain classes, so the gateway can build them without CDI), with REST Clients of
 * identity's contracts ({@link IdentityServiceTokensApi}, {@link IdentityRevocationsApi}). Here, not in {@code auth}:
 * building clients is this package's.
 */
@Singleton
public class AuthProducers {
    private volatile TokenVerifier verifier;

    @Produces
    @Singleton
    TokenVerifier tokenVerifier(ServiceTokens serviceTokens) {
        // the same ServiceTokens (and token cache) as the service's own internal calls; the JWT keys
        // (mp.jwt.verify.*) are SmallRye JWT's, read the same way by the gateway, which has no commons beans
        verifier = IdentityCalls.tokenVerifier(IdentityRevocationsApi.class, ConfigProvider.getConfig(), serviceTokens);
        return verifier;
    }

    @Produces
    @Singleton
    ServiceTokens serviceTokens(BinderyServiceConfig config) {
        return IdentityCalls.serviceTokens(IdentityServiceTokensApi.class, config.identityUrl(), config.service().name(),
                config.serviceSecret().orElse(""));
    }

    void stop(@Observes ShutdownEvent event) {
        if (verifier != null) {
            verifier.close();
        }
    }
}
