package io.bindery.commons.config;

import io.bindery.commons.auth.TokenVerifier;
import io.bindery.commons.urls.PublicUrls;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** CDI wiring for the plain classes of platform-commons, from application.properties / environment. */
@Singleton
public class CommonsProducers {
    private volatile TokenVerifier verifier;

    @Produces
    @Singleton
    PublicUrls publicUrls(@ConfigProperty(name = "bindery.public-url", defaultValue = "http://127.0.0.1:8080") String base) {
        return new PublicUrls(base);
    }

    @Produces
    @Singleton
    TokenVerifier tokenVerifier(io.bindery.commons.auth.ServiceTokens serviceTokens) {
        // the same ServiceTokens (and token cache) as the service's own internal calls
        verifier = TokenVerifier.fromConfig(ConfigProvider.getConfig(), serviceTokens);
        return verifier;
    }

    @Produces
    @Singleton
    io.bindery.commons.auth.ServiceTokens serviceTokens() {
        return io.bindery.commons.auth.ServiceTokens.fromConfig(ConfigProvider.getConfig());
    }

    void stop(@Observes ShutdownEvent event) {
        if (verifier != null) {
            verifier.close();
        }
    }
}
