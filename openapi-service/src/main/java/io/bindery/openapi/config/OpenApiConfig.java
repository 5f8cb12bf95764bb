package io.bindery.openapi.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/**
 * openapi-service's own configuration (the keys every service shares, the outbound guard's timeouts, redirects and
 * allowed addresses included, are commons' BinderyServiceConfig); a wrong value stops the start-up, naming the key.
 */
@ConfigMapping(prefix = "bindery.openapi")
public interface OpenApiConfig {

    Fetch fetch();

    Processing processing();

    interface Fetch {
        /** Most bytes of one spec, all of its files together (20 MB). */
        @WithDefault("20971520")
        long maxBytes();

        /** Most files one spec may reach through external $refs, its entry point included. */
        @WithDefault("100")
        int maxFiles();

        /** How long fetching all of a spec's files may take in all; past it processing ends with FETCH_TIMEOUT. */
        @WithDefault("PT60S")
        Duration deadline();
    }

    interface Processing {
        /** False: this instance publishes processing requests but does not process them. */
        @WithDefault("true")
        boolean enabled();

        /**
         * A spec pending or in progress for longer than this (a crash, a lost request) is requested again; longer than
         * a processing can take (fetch deadline plus parsing).
         */
        @WithDefault("PT3M")
        Duration staleAfter();

        /** How often stalled specs are looked for ({@code 30s}, {@code off} for never). */
        @WithDefault("30s")
        String sweepEvery();

        /** Starts of one upload's processing before it completes with an error instead of being tried again. */
        @WithDefault("3")
        int maxAttempts();

        /** Most errors kept in lastProcessedErrors (lastProcessedErrorCount has them all). */
        @WithDefault("50")
        int maxErrorsListed();
    }
}
