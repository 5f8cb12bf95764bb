package io.bindery.sites.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/**
 * sites-service's own configuration (the keys every service shares are commons' BinderyServiceConfig). Each key is
 * overridable by its environment variable ({@code BINDERY_CONTENT_URL}, ...); a wrong value stops the start-up,
 * naming the key.
 */
@ConfigMapping(prefix = "bindery")
public interface SitesConfig {

    /** content-service's base URL, for its internal API (spaces as a user sees them). */
    @WithDefault("http://127.0.0.1:8082")
    String contentUrl();

    /** insights-service's base URL, for its internal API (the organization's agent instructions). */
    @WithDefault("http://127.0.0.1:8087")
    String insightsUrl();

    /** How long a call to content's internal API may wait for its answer. */
    @WithDefault("PT10S")
    Duration internalCallTimeout();

    /** How long to wait to connect to content before calling it unreachable. */
    @WithDefault("PT2S")
    Duration internalCallConnectTimeout();

    Consumers consumers();

    interface Consumers {
        ContentEvents contentEvents();

        IntegrationsEvents integrationsEvents();
    }

    interface IntegrationsEvents {
        /** False: integrations' Git Sync events do not set where a synced space's pages link to Git. */
        @WithDefault("true")
        boolean enabled();
    }

    interface ContentEvents {
        /** False: content's space events do not update the spaces sites embed, nor remove deleted spaces from sites. */
        @WithDefault("true")
        boolean enabled();
    }
}
