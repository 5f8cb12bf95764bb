package io.bindery.content.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.auth.ServiceTokens;
import io.bindery.commons.client.InternalCall;
import io.bindery.commons.client.InternalClients;
import io.bindery.content.config.ContentConfig;
import io.bindery.contracts.insights.EmbeddingSearchRequest;
import io.bindery.contracts.insights.EmbeddingSearchResponse;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.faulttolerance.Asynchronous;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.jboss.logging.Logger;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Calls insights-service's vector search (never routed by the gateway) for hybrid search and ask. Vectors only
 * improve a search that full text already answers, so every failure (insights down, slow, refusing, an open
 * circuit) is an empty list and the search goes on lexically: a short read timeout, a {@code @Timeout} above it in
 * case the connection hangs elsewhere, and a circuit breaker so that a down insights costs nothing for a while.
 * The call runs on fault tolerance's threads, so that search ranks by full text meanwhile.
 */
@ApplicationScoped
public class InsightsClient {
    static final String SERVICE = "insights-service";
    private static final Logger LOG = Logger.getLogger(InsightsClient.class);

    @Inject
    ContentConfig config;
    @Inject
    ServiceTokens serviceTokens;
    @Inject
    ObjectMapper json;

    InsightsApi api;

    @PostConstruct
    void build() {
        ContentConfig.HybridSearch h = config.content().hybridSearch();
        api = InternalClients.build(InsightsApi.class, SERVICE, config.insightsUrl(), h.connectTimeout(), h.timeout());
    }

    /**
     * insights' answer: the sections nearest in meaning, best first; {@code answered} false when insights did not
     * answer (down, slow, refusing, circuit open, hybrid search off): then {@code hits} is empty, and worth asking
     * again next time (not to be kept).
     */
    public record Nearest(List<EmbeddingSearchResponse.Hit> hits, boolean answered) {
        static final Nearest NONE = new Nearest(List.of(), false);
    }

    /**
     * The sections of the organization nearest in meaning to the query, best first, in {@code spaces} only (null:
     * every space of the organization; the caller filters again); {@link Nearest#NONE} when insights cannot answer in
     * time or hybrid search is off. Never completes exceptionally.
     */
    @Asynchronous
    @Timeout(1000)
    @CircuitBreaker(requestVolumeThreshold = 10, failureRatio = 0.5, delay = 10_000)
    @Fallback(fallbackMethod = "none")
    public CompletionStage<Nearest> nearest(String organization, List<String> spaces, String query, int limit) {
        if (!config.content().hybridSearch().enabled()) {
            return CompletableFuture.completedFuture(Nearest.NONE);
        }
        EmbeddingSearchRequest request = new EmbeddingSearchRequest(organization, spaces, query,
                Math.max(1, Math.min(EmbeddingSearchRequest.MAX_LIMIT, limit)));
        // the contract takes the body as a tree: insights checks it field by field
        JsonNode body = json.valueToTree(request);
        EmbeddingSearchResponse answer = InternalCall.with(serviceTokens, SERVICE, auth -> api.search(auth, body));
        return CompletableFuture.completedFuture(new Nearest(
                answer == null || answer.items() == null ? List.of() : List.copyOf(answer.items()), true));
    }

    CompletionStage<Nearest> none(String organization, List<String> spaces, String query, int limit) {
        // debug only: while insights is down every search lands here, and search itself is fine
        LOG.debugf("vector search unavailable, lexical only (organization %s)", organization);
        return CompletableFuture.completedFuture(Nearest.NONE);
    }
}
