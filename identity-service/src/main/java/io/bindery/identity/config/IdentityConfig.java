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

    SigningKey signingKey();

    /** The instance admin, created at first start ({@code AdminBootstrap}). */
    interface Admin {
        /** The admin's e-mail address. */
        String email();

        /** Where the admin's API token is written at start-up; none: it is not written. */
        Optional<String> tokenFile();

        /** How long that token is valid. */
        Duration tokenTtl();

        /**
         * The other services' base URLs by short name ({@code content}, {@code review}, ...), whose parked and
         * dead-lettered events the instance admin sees and acts on through {@code /v1/admin/events/parked}
         * ({@code BINDERY_ADMIN_SERVICES_CONTENT}, ...).
         */
        java.util.Map<String, String> services();
    }

    interface Tokens {
        /** The {@code iss} of the tokens identity signs. */
        String issuer();

        /** How long a minted API token is valid when the request does not say. */
        Duration defaultTtl();
    }

    /**
     * The RS256 key tokens are signed with, when it is given (a Kubernetes Secret: the chart mounts one); none:
     * identity creates one at first start and keeps it in its schema.
     */
    interface SigningKey {
        /** A file holding the key: an RSA private key in PEM (PKCS#1 or PKCS#8) or a private JWK. A missing file is no key. */
        Optional<String> file();

        /** The key itself (PEM or private JWK), when not in a file. */
        Optional<String> value();

        /** How often the JWKS re-reads the keys other replicas recorded (a rotation reaches every replica's JWKS). */
        @WithDefault("60s")
        Duration jwksRefresh();
    }

    interface Consumers {
        ContentEvents contentEvents();

        SitesEvents sitesEvents();

        interface SitesEvents {
            /** Whether bindery.sites.events is read (the sites counter of Member). */
            @WithDefault("true")
            boolean enabled();
        }

        interface ContentEvents {
            /** Whether bindery.content.events is read (the spaces counters of Member and Team). */
            @WithDefault("true")
            boolean enabled();
        }
    }
}
