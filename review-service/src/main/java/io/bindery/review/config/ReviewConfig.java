package io.bindery.review.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/**
 * review-service's own configuration (the keys every service shares, such as bindery.identity-url, are commons'
 * BinderyServiceConfig). Each key is overridable by its environment variable ({@code BINDERY_CONTENT_URL}, ...);
 * a value of the wrong type stops the start-up, naming the key.
 */
@ConfigMapping(prefix = "bindery")
public interface ReviewConfig {

    /** content-service's base URL, for its internal API. */
    @WithDefault("http://127.0.0.1:8082")
    String contentUrl();

    /** How long a call to another service's internal API may wait for its answer (the REST clients' read timeout). */
    @WithDefault("PT30S")
    Duration internalCallTimeout();

    /** How long the REST clients wait to connect to another service before calling it unreachable. */
    @WithDefault("PT2S")
    Duration internalCallConnectTimeout();

    Consumers consumers();

    interface Consumers {
        ContentEvents contentEvents();

        InsightsEvents insightsEvents();
    }

    interface ContentEvents {
        /** False: content's events (bindery.content.events) are not applied to change requests. */
        @WithDefault("true")
        boolean enabled();
    }

    interface InsightsEvents {
        /** False: insights' cluster events (bindery.insights.events) are not read; PATCH then knows no cluster. */
        @WithDefault("true")
        boolean enabled();
    }
}
