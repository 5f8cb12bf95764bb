package io.bindery.content.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/**
 * content-service's own configuration (the keys every service shares are commons' BinderyServiceConfig). Each key
 * is overridable by its environment variable ({@code BINDERY_CONTENT_DELETED_RETENTION}, ...); a value of the
 * wrong type stops the start-up, naming the key.
 */
@ConfigMapping(prefix = "bindery")
public interface ContentConfig {

    Content content();

    Consumers consumers();

    interface Content {
        /** How long a deleted space stays restorable before the purge job removes it for good. */
        @WithDefault("P7D")
        Duration deletedRetention();

        /**
         * The purge job's schedule: read by its {@code @Scheduled} expressions ({@code bindery.content.purge-every},
         * {@code bindery.content.purge-delay}), listed here so that the keys are in one place.
         */
        @WithDefault("1h")
        String purgeEvery();

        @WithDefault("10s")
        String purgeDelay();

        /** Memory bound of the search caches, in KB (see ContentSearch). */
        @WithDefault("6144")
        long searchCacheKb();

        /** Memory bound of the revision snapshot cache, in pages (about 1 KB of heap each). */
        @WithDefault("20000")
        int snapshotCachePages();

        FileFetch fileFetch();
    }

    interface FileFetch {
        /** False: content batches may not give files by URL (base64 only). */
        @WithDefault("true")
        boolean enabled();
    }

    interface Consumers {
        ReviewEvents reviewEvents();

        SitesEvents sitesEvents();
    }

    interface SitesEvents {
        /** False: sites' site-space events (bindery.sites.events) do not set spaces' urls.published. */
        @WithDefault("true")
        boolean enabled();
    }

    interface ReviewEvents {
        /** False: review's counters (bindery.review.events) are not applied to spaces. */
        @WithDefault("true")
        boolean enabled();
    }
}
