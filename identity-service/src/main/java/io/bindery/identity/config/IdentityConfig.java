package io.bindery.identity.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.Optional;

/**
 * identity-service's own configuration (application.properties; each key overridable by its environment
 * variable, e.g. {@code BINDERY_TOKENS_DEFAULT_TTL}). The keys every service shares are
 * {@link io.bindery.commons.config.BinderyServiceConfig}'s. A bad value stops the start-up, naming the key.
 */
@ConfigMapping(prefix = "bindery")
public interface IdentityConfig {

    Admin admin();

    Tokens tokens();

    Consumers consumers();

    /** The instance admin, created at first start ({@code AdminBootstrap}). */
    interface Admin {
        /** The admin's e-mail address. */
        String email();

        /** Where the admin's API token is written at start-up; none: it is not written. */
        Optional<String> tokenFile();

        /** How long that token is valid. */
        Duration tokenTtl();
    }

    interface Tokens {
        /** The {@code iss} of the tokens identity signs. */
        String issuer();

        /** How long a minted API token is valid when the request does not say. */
        Duration defaultTtl();
    }

    interface Consumers {
        ContentEvents contentEvents();

        interface ContentEvents {
            /** Whether bindery.content.events is read (the spaces counters of Member and Team). */
            @WithDefault("true")
            boolean enabled();
        }
    }
}
