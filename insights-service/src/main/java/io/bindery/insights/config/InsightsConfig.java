package io.bindery.insights.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * insights-service's own configuration (the keys every service shares are commons' BinderyServiceConfig); a wrong
 * value stops the start-up, naming the key.
 */
@ConfigMapping(prefix = "bindery.insights")
public interface InsightsConfig {

    Clustering clustering();

    Workers workers();

    Translations translations();

    Embeddings embeddings();

    interface Embeddings {
        /** False: this replica neither follows content's events nor embeds; its index still loads and searches. */
        @WithDefault("true")
        boolean enabled();

        /** The topic content publishes on (tests use their own). */
        @WithDefault("bindery.content.events")
        String contentTopic();

        /** content-service's base URL (its internal API: revision trees and pages). */
        @WithDefault("${bindery.content-url:http://127.0.0.1:8082}")
        String contentUrl();

        @WithDefault("5s")
        java.time.Duration connectTimeout();

        @WithDefault("30s")
        java.time.Duration readTimeout();

        /**
         * How often a replica looks for spaces to embed ("off" disables it): a merge is embedded within this, and a
         * platform at rest pays one query per interval (issue 29's idle budget), so not every second.
         */
        @WithDefault("10s")
        String workEvery();

        /** How often a replica reloads into its index the spaces another replica changed (its own: at once). */
        @WithDefault("30s")
        String syncEvery();

        /** A space claimed longer ago than this by a worker that died is taken again. */
        @WithDefault("10m")
        java.time.Duration claimTimeout();

        /** A space whose reads keep failing for a passing reason is given up (state failed) after this many tries. */
        @WithDefault("8")
        int maxAttempts();

        /** A section's text is cut to this many characters before it is embedded (the model reads ~256 tokens). */
        @WithDefault("1500")
        int maxChars();
    }

    interface Translations {
        /** content-service's base URL: a run reads and writes spaces through its public API, as the user. */
        @WithDefault("${bindery.content-url:http://127.0.0.1:8082}")
        String contentUrl();

        /** review-service's base URL: a run opens and merges its change request there. */
        @WithDefault("${bindery.review-url:http://127.0.0.1:8083}")
        String reviewUrl();

        @WithDefault("5s")
        java.time.Duration connectTimeout();

        /** One call to content or review (a batch of 50 page writes included). */
        @WithDefault("60s")
        java.time.Duration callTimeout();

        /** The apertium executable. */
        @WithDefault("apertium")
        String apertiumCommand();

        /** Where Apertium's installed pairs are (one xxx-yyy.mode file each). */
        @WithDefault("/usr/share/apertium/modes")
        String apertiumModes();

        /** A batch that takes longer fails the run. */
        @WithDefault("120s")
        java.time.Duration timeout();

        /** How often an instance refreshes the heartbeat of the runs it is running, and sweeps for dead ones. */
        @WithDefault("20s")
        String heartbeatEvery();

        /**
         * A running run whose heartbeat is older than this died with its service: the sweep puts it back to pending,
         * and it no longer blocks a new run.
         */
        @WithDefault("90s")
        java.time.Duration staleAfter();
    }

    interface Clustering {
        /**
         * Average distance (1 - the similarity of {@link #wordWeight}) at which the dendrogram is cut: two groups
         * further apart stay two clusters. Chosen with word-weight on the tuning half of bench/insights-set and the
         * clustering tests' conversations (InsightsSetTest#tuningSweep): 0.65 with words at 0.2 kept every problem
         * of both apart (21 clusters for the set's 14 problems, purity 0.985); 0.7 merged ClustersTest's three
         * problems about spaces, and so did embeddings alone at any cut that did not split the set's problems in
         * two or more.
         */
        @WithDefault("0.65")
        double cutDistance();

        /**
         * A gap at least this wide between two successive merge heights (below cut-distance) is where the dendrogram
         * is cut instead. Made for TF-IDF, whose topics merged far above their members; embeddings' merges rise
         * smoothly, and a gap split the bench set's problems into 37 clusters, so 1 (never) by default.
         */
        @WithDefault("1")
        double gap();

        /**
         * How much the issues' words (TF-IDF over the organization's issues) count beside their embeddings when
         * clustered: the words' IDF makes what every issue says ("space") count little and what sets a problem
         * apart ("delete", "search", "publish") much, where a sentence embedding sees mostly the shared topic.
         */
        @WithDefault("0.2")
        double wordWeight();

        /** Smaller clusters are dissolved into the nearest kept one (or none). */
        @WithDefault("3")
        int minClusterSize();

        /**
         * A new issue joins its nearest cluster only when its embedding is at least this similar (cosine) to the
         * cluster's centroid; so does an issue of a dissolved small cluster.
         */
        @WithDefault("0.5")
        double joinSimilarity();

        /** Up to this many issues are clustered one by one; more are first gathered into this many groups. */
        @WithDefault("2000")
        int maxGroups();

        /** In the gathering pass, an issue joins a group whose leader is at least this similar. */
        @WithDefault("0.6")
        double groupSimilarity();

        /** How often organizations whose issues changed are clustered again in full ("off" disables it). */
        @WithDefault("60s")
        String recomputeEvery();

        /** At most this many of an organization's most recent issues are clustered in a recompute. */
        @WithDefault("20000")
        int maxIssues();
    }

    interface Workers {
        /** False: ingested conversations are not turned into issues here (another replica's worker does it). */
        @WithDefault("true")
        boolean enabled();
    }
}
