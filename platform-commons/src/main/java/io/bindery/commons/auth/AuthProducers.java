package io.bindery.commons.auth;

import io.bindery.commons.config.BinderyServiceConfig;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.ConfigProvider;

/** CDI wiring of the token classes (plain classes, so the gateway and tests can build them without CDI). */
@Singleton
public class AuthProducers {
    private volatile TokenVerifier verifier;

    @Produces
    @Singleton
    TokenVerifier tokenVerifier(ServiceTokens serviceTokens) {
        // the same ServiceTokens (and token cache) as the service's own internal calls; the JWT keys
        // (mp.jwt.verify.*) are SmallRye JWT's, read the same way by the gateway, which has no commons beans
        verifier = TokenVerifier.fromConfig(ConfigProvider.getConfig(), serviceTokens);
        return verifier;
    }

    @Produces
    @Singleton
    ServiceTokens serviceTokens(BinderyServiceConfig config) {
        return new ServiceTokens(config.identityUrl(), config.service().name(), config.serviceSecret().orElse(""));
    }

    void stop(@Observes ShutdownEvent event) {
        if (verifier != null) {
            verifier.close();
        }
    }
}
