package io.bindery.integrations.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/**
 * integrations-service's own configuration (the keys every service shares are commons' BinderyServiceConfig); a
 * wrong value stops the start-up, naming the key.
 */
@ConfigMapping(prefix = "bindery")
public interface IntegrationsConfig {

    Consumers consumers();

    /** content-service's internal API (space-views: the Space objects of expand=true, as the caller sees them). */
    @WithDefault("http://127.0.0.1:8082")
    String contentUrl();

    @WithDefault("PT2S")
    Duration internalCallConnectTimeout();

    @WithDefault("PT5S")
    Duration internalCallTimeout();

    Delivery delivery();

    GitSync gitSync();

    interface Consumers {
        IdentityOrganizations identityOrganizations();

        Toggle contentEvents();

        Toggle reviewEvents();

        Toggle sitesEvents();
    }

    interface IdentityOrganizations {
        /** False: organizations published by identity are not recorded (publishing then finds no organization). */
        @WithDefault("true")
        boolean enabled();
    }

    interface Toggle {
        @WithDefault("true")
        boolean enabled();
    }

    /** The delivery of integration events to endpoints and tunnels. */
    interface Delivery {
        /** False: no worker in this process (events are still recorded and queued). */
        @WithDefault("true")
        boolean enabled();

        /** How long an event is retried after it was recorded before it is given up as failed. */
        @WithDefault("PT24H")
        Duration retryFor();

        /** The pause after a first failed attempt; it doubles after each failure (with jitter), up to maxBackoff. */
        @WithDefault("PT2S")
        Duration firstBackoff();

        @WithDefault("PT10M")
        Duration maxBackoff();

        /** How often the queue is looked at when nothing woke the worker (a commit wakes it at once). */
        @WithDefault("PT0.5S")
        Duration pollInterval();

        /** Events claimed at once (at most one per installation: each installation's are delivered in order). */
        @WithDefault("64")
        int batchSize();

        /** Deliveries in flight at once, to different installations. */
        @WithDefault("8")
        int concurrency();

        /** How long a claimed event is held by its worker: if the worker dies, another claims it after this. */
        @WithDefault("PT1M")
        Duration lease();
    }

    /** Git Sync: imports from and exports to a Git repository (issue 32). */
    interface GitSync {
        /**
         * Whether {@code file://} repository URLs are accepted: they read and write this server's own disk, so only
         * an operator turns them on (the local stack and the tests do).
         */
        @WithDefault("false")
        boolean allowFileUrls();

        /** An operation still running after this is given up and reported as {@code timeout}. */
        @WithDefault("PT10M")
        Duration operationTimeout();

        /** Operations run at once (on different spaces; one space's run one after the other). */
        @WithDefault("2")
        int workers();

        /** review-service's public API, for the change request an import is written through. */
        @WithDefault("${bindery.review-url:http://127.0.0.1:8083}")
        String reviewUrl();

        /** Git network operations (clone, fetch, push): how long a silent remote is waited for, in seconds. */
        @WithDefault("60")
        int transportTimeoutSeconds();

        /**
         * The secret (at least 32 random characters; its SHA-256 is the AES key) that encrypts a synced space's credentials, its acting token
         * and its webhook secret (env BINDERY_GIT_SYNC_CREDENTIALS_KEY). Without one, continuous sync is refused.
         */
        java.util.Optional<String> credentialsKey();

        /** How often synced spaces' refs are compared with the last synced commit (catches missed webhooks). */
        @WithDefault("PT60S")
        Duration pollInterval();

        /**
         * A PEM file of certificates (an internal CA's, or a server's own) that Git over HTTPS trusts besides the
         * JVM's CAs (env BINDERY_GIT_SYNC_TRUSTED_CERTIFICATES): a self-hosted GitLab or Gitea behind a company CA.
         * Read at start; a file that cannot be read or holds no certificate stops the service with the reason.
         */
        java.util.Optional<java.nio.file.Path> trustedCertificates();
    }
}
