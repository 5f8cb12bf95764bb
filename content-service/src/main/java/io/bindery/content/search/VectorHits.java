package io.bindery.content.search;

import io.bindery.content.client.InsightsClient;
import io.bindery.content.config.ContentConfig;
import io.bindery.contracts.insights.EmbeddingSearchResponse;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * insights' vector hits of recent searches, kept for {@code bindery.content.hybrid-search.cache-ttl} (10 s): a
 * repeated search (readers paging through results, many readers searching the same words) then costs no call to
 * insights, whose answer (embedding the query on its CPU, a hop and a thread) otherwise cost hybrid search three
 * quarters of its throughput on a repeated many-hit search (bench/compare.sh). Kept hits may be a few seconds
 * older than insights' index, which itself follows merges by seconds; they never show more than the search is
 * allowed to: search keeps a hit only in the caller's spaces and for a page the live revision holds. Only answers
 * are kept: when insights did not answer, the next search asks again.
 */
@ApplicationScoped
class VectorHits {
    @Inject
    InsightsClient insights;
    @Inject
    ContentConfig config;

    private ContentSearch.Lru cache;

    private record Key(String organization, List<String> spaces, String query, int limit) {
    }

    private record Kept(List<EmbeddingSearchResponse.Hit> hits, long expiresAt) {
    }

    @PostConstruct
    void init() {
        cache = new ContentSearch.Lru(config.content().hybridSearch().cacheKb() * 1024);
    }

    /** The sections nearest to the query in {@code spaces} (null: the whole organization's), best first. */
    CompletableFuture<List<EmbeddingSearchResponse.Hit>> nearest(String organization, List<String> spaces, String query,
                                                                 int limit) {
        long ttl = config.content().hybridSearch().cacheTtl().toNanos();
        Key key = new Key(organization, spaces, query, limit);
        if (ttl > 0 && cache.get(key) instanceof Kept kept && kept.expiresAt() - System.nanoTime() > 0) {
            return CompletableFuture.completedFuture(kept.hits());
        }
        return insights.nearest(organization, spaces, query, limit).toCompletableFuture().thenApply(n -> {
            if (ttl > 0 && n.answered()) {
                cache.put(key, new Kept(n.hits(), System.nanoTime() + ttl), weight(key, n.hits()));
            }
            return n.hits();
        });
    }

    /** Heap estimate in bytes: the key's strings and, per hit, its record and ids. */
    private static long weight(Key key, List<EmbeddingSearchResponse.Hit> hits) {
        long w = 64 + 2L * key.query().length() + (key.spaces() == null ? 0 : 48L * key.spaces().size());
        for (EmbeddingSearchResponse.Hit h : hits) {
            w += 64 + 6 * 40 + 2L * (len(h.space()) + len(h.page()) + len(h.section()) + len(h.title())
                    + len(h.pageTitle()) + len(h.path()));
        }
        return w;
    }

    private static int len(String s) {
        return s == null ? 0 : s.length();
    }
}
