package io.bindery.commons.config;

import io.bindery.commons.auth.TokenVerifier;
import io.bindery.commons.urls.PublicUrls;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.ConfigProvider;

/** CDI wiring for the plain classes of platform-commons, from application.properties / environment. */
@Singleton
public class CommonsProducers {
    private volatile TokenVerifier verifier;

    @Produces
    @Singleton
    PublicUrls publicUrls(BinderyServiceConfig config) {
        return new PublicUrls(config.publicUrl());
    }

    @Produces
    @Singleton
    TokenVerifier tokenVerifier(io.bindery.commons.auth.ServiceTokens serviceTokens) {
        // the same ServiceTokens (and token cache) as the service's own internal calls; the JWT keys
        // (mp.jwt.verify.*) are SmallRye JWT's, read the same way by the gateway, which has no commons beans
        verifier = TokenVerifier.fromConfig(ConfigProvider.getConfig(), serviceTokens);
        return verifier;
    }

    @Produces
    @Singleton
    io.bindery.commons.auth.ServiceTokens serviceTokens(BinderyServiceConfig config) {
        return new io.bindery.commons.auth.ServiceTokens(config.identityUrl(), config.service().name(),
                config.serviceSecret().orElse(""));
    }

    void stop(@Observes ShutdownEvent event) {
        if (verifier != null) {
            verifier.close();
        }
    }
}
