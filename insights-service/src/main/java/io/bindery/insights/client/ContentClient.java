package io.bindery.insights.client;

import io.bindery.commons.auth.ServiceTokens;
import io.bindery.commons.client.InternalCall;
import io.bindery.commons.client.InternalClients;
import io.bindery.contracts.content.RevisionPage;
import io.bindery.contracts.content.RevisionTree;
import io.bindery.insights.config.InsightsConfig;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Reads content-service's internal API (never routed by the gateway) with insights' service token: the pages of a
 * space's revision, for the section embeddings. Content's 4xx answers come back as {@code ApiException}s with its
 * status; content unreachable or silent is a 503 ({@code Unreachable}), and reads have the internal reads' policy
 * ({@code InternalCall.read}: retried when unreachable, a circuit breaker). Called out of any transaction.
 */
@ApplicationScoped
public class ContentClient {
    public static final String SERVICE = ServiceTokens.CONTENT;

    @Inject
    InsightsConfig config;
    @Inject
    ServiceTokens serviceTokens;

    ContentApi api;

    @PostConstruct
    void build() {
        InsightsConfig.Embeddings e = config.embeddings();
        api = InternalClients.build(ContentApi.class, SERVICE, e.contentUrl(), e.connectTimeout(), e.readTimeout());
    }

    /** A revision's pages in tree order, without markdown; 404 for a revision of another space. */
    public RevisionTree tree(String spaceId, String revision) {
        return InternalCall.read(ContentClient.class, "tree", serviceTokens, SERVICE, credential -> api.tree(credential, spaceId, revision));
    }

    /** One page of a revision with its markdown ("" for a group or link). */
    public RevisionPage page(String spaceId, String revision, String pageId) {
        return InternalCall.read(ContentClient.class, "page", serviceTokens, SERVICE, credential -> api.page(credential, spaceId, revision, pageId));
    }
}
