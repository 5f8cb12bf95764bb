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

    /** insights-service's base URL, for its vector search (hybrid search and ask; env BINDERY_INSIGHTS_URL). */
    @WithDefault("http://127.0.0.1:8087")
    String insightsUrl();

    interface Content {
        /** How long a deleted space stays restorable before the purge job removes it for good. */
        @WithDefault("P7D")
        Duration deletedRetention();

        /**
         * The purge job's schedule ({@code bindery.content.purge-every}, {@code off} for never) and its first run's
         * delay ({@code bindery.content.purge-delay}): {@code 1h}, {@code 10s}, {@code PT30M}.
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

        HybridSearch hybridSearch();
    }

    /**
     * Search fuses full-text results with insights' vector results (reciprocal rank fusion). Whenever insights
     * does not answer in time, search is lexical only.
     */
    interface HybridSearch {
        /** False: search is lexical only and insights is never called. */
        @WithDefault("true")
        boolean enabled();

        /** How long to wait for insights' answer (the REST Client's read timeout; a fault-tolerance timeout caps it). */
        @WithDefault("PT0.3S")
        Duration timeout();

        @WithDefault("PT0.2S")
        Duration connectTimeout();

        /**
         * How long insights' answer to a search is kept and reused for the same words in the same spaces (0: never):
         * a few seconds, as insights' own index follows merges by seconds.
         */
        @WithDefault("PT10S")
        Duration cacheTtl();

        /** Heap for the kept answers, in KiB (an answer of 50 hits: about 32 KiB). */
        @WithDefault("2048")
        long cacheKb();

        /** Nearest sections asked of insights per search (at most EmbeddingSearchRequest.MAX_LIMIT). */
        @WithDefault("50")
        int candidates();

        /**
         * The k of reciprocal rank fusion: a page's score is the sum over the two lists of 1 / (k + its rank). 60 as
         * usual: 10 to 100 made no difference on the tuning half of bench/search-set.
         */
        @WithDefault("60")
        int rrfK();

        /**
         * Sections less similar to the query than this (cosine) are left out: otherwise any query, even one that
         * means nothing here, would list the nearest sections whatever their distance. Measured on the tuning half of
         * bench/search-set (bench/search-set/offline.sh): paraphrase recall@5 0.614 at 0.15 (as at 0), 0.569 at 0.25.
         */
        @WithDefault("0.15")
        double minSimilarity();

        /**
         * The same for a query of one word, whose vector is a guess from the word's sub-word pieces: made-up words
         * reached 0.3 against unrelated sections (and up to 0.67 against those holding the word, which full text
         * finds anyway).
         */
        @WithDefault("0.45")
        double minSimilarityOneWord();
    }

    interface FileFetch {
        /** False: content batches may not give files by URL (base64 only). */
        @WithDefault("true")
        boolean enabled();
    }

    interface Consumers {
        ReviewEvents reviewEvents();

        SitesEvents sitesEvents();

        IntegrationsEvents integrationsEvents();
    }

    interface IntegrationsEvents {
        /** False: integrations' Git Sync events (bindery.integrations.events) do not set spaces' gitSync. */
        @WithDefault("true")
        boolean enabled();
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
