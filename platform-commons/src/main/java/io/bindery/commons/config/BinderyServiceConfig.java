package io.bindery.commons.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What every Bindery service is told by configuration: the {@code bindery.*} keys that platform-commons reads
 * (its own keys live in each service's mapping, e.g. content's {@code bindery.content.*}). Each key is
 * overridable by its environment variable ({@code BINDERY_PUBLIC_URL}, {@code BINDERY_EVENTS_MAX_ATTEMPTS}, ...).
 * A value of the wrong type (a duration that does not parse, a number that is not one) stops the service at
 * start-up with the key's name, instead of failing on the first request that reads it.
 */
@ConfigMapping(prefix = "bindery")
public interface BinderyServiceConfig {

    Service service();

    /** Where browsers and API clients reach the platform: the gateway's public base URL, used in every link. */
    @WithDefault("http://127.0.0.1:8080")
    String publicUrl();

    /** identity-service's base URL: JWKS, token revocations, service tokens, the projections' catch-up. */
    @WithDefault("http://127.0.0.1:8081")
    String identityUrl();

    /** The shared secret that this service exchanges for service tokens at identity; empty: no service tokens. */
    Optional<String> serviceSecret();

    Secrets secrets();

    Cursor cursor();

    SignedUrl signedUrl();

    Auth auth();

    InternalAuth internalAuth();

    Events events();

    Outbox outbox();

    Memory memory();

    Outbound outbound();

    Projections projections();

    interface Service {
        /** This service's name: its audience for service tokens, its CloudEvent source, its topic's middle part. */
        @WithDefault("service")
        String name();

        /**
         * True for a service whose issue is not done yet: its routes answer 501 (see
         * {@link io.bindery.commons.web.FallbackRoutes}).
         */
        @WithDefault("false")
        boolean notImplemented();
    }

    interface Secrets {
        /** Refuse to start in prod without the secrets below (see {@link RequiredSecrets}). */
        @WithDefault("true")
        boolean required();
    }

    interface Cursor {
        /** Signs list cursors ({@link io.bindery.commons.lists.PageCursor}); the built-in value serves dev and tests. */
        Optional<String> secret();
    }

    interface SignedUrl {
        /** Signs download URLs ({@link io.bindery.commons.auth.SignedUrls}); the built-in value serves dev and tests. */
        Optional<String> secret();

        @WithDefault("PT1H")
        Duration ttl();
    }

    interface Auth {
        /** A regular expression of paths that accept a signed URL instead of a bearer token. */
        Optional<String> signedPaths();
    }

    interface InternalAuth {
        /** {@code /internal/**} demands a service token (or the end user's); false only in tests of one service. */
        @WithDefault("true")
        boolean required();
    }

    interface Outbox {
        /**
         * The outbox relay's safety poll ({@code off} for none): the relay is woken by each commit that wrote events,
         * so this only catches what a crash between commit and wake-up left behind.
         */
        @WithDefault("30s")
        String pollInterval();
    }

    interface Memory {
        /**
         * How often a service under the serial collector checks whether it has been quiet since the last check, and
         * if so gives its heap back ({@code off} for never; commons' QuietHeapRelease).
         */
        @WithDefault("20s")
        String quietCheckEvery();
    }

    interface Events {
        /** The topic this service publishes on; defaults to {@code bindery.<service>.events}. */
        Optional<String> topic();

        /** The consumer group of this service's consumers; defaults to one per service and database. */
        Optional<String> consumerGroup();

        /** How often parked events are looked at for a retry that is due ({@code off} for never). */
        @WithDefault("10s")
        String retryParkedEvery();

        /** Deliveries of one event before it is parked in {@code failed_event}. */
        @WithDefault("5")
        int maxAttempts();

        /** The first pause between deliveries; it doubles after each failure. */
        @WithDefault("PT0.1S")
        Duration retryBackoff();

        /**
         * A parked or dead-lettered event older than this is overdue: the health check's {@code overdueParked} detail
         * and the chart's alert say someone must look at it. It never fails readiness (the API still serves).
         */
        @WithDefault("PT15M")
        Duration parkedMaxAge();

        /** When a parked event is first retried; later retries double from it (with jitter), up to the max delay. */
        @WithDefault("PT30S")
        Duration retryParkedFirstDelay();

        /** The longest wait between two retries of a parked event. */
        @WithDefault("PT1H")
        Duration retryParkedMaxDelay();

        /**
         * How long a consumer's poll waits for records. It returns as soon as records arrive, so a long wait adds no
         * latency; it only sets how often an idle consumer wakes up.
         */
        @WithDefault("PT15S")
        Duration pollTimeout();

        /**
         * How often each consumer tells the group coordinator it is alive (Kafka's {@code heartbeat.interval.ms}).
         * Every heartbeat also wakes the consumer's poll, so at rest it is most of an idle consumer's CPU and of the
         * broker's; a longer one adds no latency to events, only to a rebalance among replicas (a member learns of it
         * at its next heartbeat), so Kafka's 3 s stays the default and a one-replica stack (./platform) sets 10 s.
         * The session timeout is kept at least three heartbeats.
         */
        @WithDefault("PT3S")
        Duration heartbeatInterval();
    }

    interface Projections {
        Memberships memberships();

        interface Memberships {
            /**
             * Whether this service keeps projections of identity's organizations, memberships, users and teams (it
             * consumes bindery.identity.events); true in the services that check roles.
             */
            @WithDefault("false")
            boolean enabled();

            /** How long a membership read is reused without asking the projection again. */
            @WithDefault("PT1S")
            Duration cacheTtl();
        }
    }

    interface Outbound {
        /** Hosts and networks that user-given URLs may reach although they are private (see OutboundPolicy). */
        Optional<List<String>> allow();

        /**
         * Ports of the platform's own listeners (every service and the gateway; ./platform passes its ports). On an
         * internal address, even an allowed one, they are refused, as are the ports of this service
         * ({@code quarkus.http.port}) and of every {@code bindery.*url*} and gateway upstream it is configured with.
         */
        Optional<List<Integer>> denyPorts();

        @WithDefault("PT5S")
        Duration connectTimeout();

        @WithDefault("PT10S")
        Duration readTimeout();

        @WithDefault("5")
        int maxRedirects();
    }
}
