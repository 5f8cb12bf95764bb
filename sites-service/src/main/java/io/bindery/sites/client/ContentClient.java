package io.bindery.sites.client;

import io.bindery.commons.auth.ServiceTokens;
import io.bindery.commons.client.InternalCall;
import io.bindery.commons.client.InternalClients;
import io.bindery.contracts.content.ContentAccessApi;
import io.bindery.contracts.content.RevisionPage;
import io.bindery.contracts.content.RevisionTree;
import io.bindery.contracts.content.SiteAskRequest;
import io.bindery.contracts.content.SiteAskResponse;
import io.bindery.contracts.content.SiteSearchRequest;
import io.bindery.contracts.content.SiteSearchResponse;
import io.bindery.contracts.content.SpaceData;
import io.bindery.sites.config.SitesConfig;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;

/**
 * Calls content-service's internal API (never routed by the gateway) with sites' service token: which spaces a
 * user can read, as full Space resources with the user's permissions. Content's 4xx answers reach the client
 * unchanged; content unreachable is a 503 at once (no retry: see the pom on Fault Tolerance).
 */
@ApplicationScoped
public class ContentClient {
    public static final String SERVICE = ServiceTokens.CONTENT;

    @Inject
    SitesConfig config;
    @Inject
    ServiceTokens serviceTokens;

    ContentApi api;

    @PostConstruct
    void build() {
        api = InternalClients.build(ContentApi.class, SERVICE, config.contentUrl(), config.internalCallConnectTimeout(),
                config.internalCallTimeout());
    }

    /**
     * The spaces among {@code spaceIds} that the user can read, live and of the organization, in the order asked;
     * 404 when the user is not a member of the organization.
     */
    public List<SpaceData> readable(String organizationId, String userId, List<String> spaceIds) {
        return ContentAccessApi.readable(userId, spaceIds, request -> InternalCall.read(ContentApi.class, "spaceViews",
                serviceTokens, SERVICE, credential -> api.spaceViews(credential, organizationId, request)));
    }

    /** A revision's pages in tree order, without markdown (the reader's navigation); 404 for another space's. */
    public RevisionTree tree(String spaceId, String revision) {
        return InternalCall.with(serviceTokens, SERVICE, credential -> api.tree(credential, spaceId, revision));
    }

    /** One page of a revision with its markdown; 404 when the revision has no such page. */
    public RevisionPage page(String spaceId, String revision, String pageId) {
        return InternalCall.with(serviceTokens, SERVICE, credential -> api.page(credential, spaceId, revision, pageId));
    }

    /** A file of a revision: its bytes and media type; 404 when the revision has no such file. */
    public record FileBytes(byte[] bytes, String contentType) {
    }

    public FileBytes file(String spaceId, String revision, String fileId) {
        return InternalCall.with(serviceTokens, SERVICE, credential -> {
            try (jakarta.ws.rs.core.Response response = api.file(credential, spaceId, revision, fileId)) {
                String type = response.getMediaType() == null ? "application/octet-stream" : response.getMediaType().toString();
                return new FileBytes(response.readEntity(byte[].class), type);
            }
        });
    }

    /** Full-text search over the live revisions of the spaces (a published site's that a visitor may read). */
    public SiteSearchResponse search(List<String> spaceIds, String query, int pagesPerSpace) {
        return InternalCall.with(serviceTokens, SERVICE,
                credential -> api.search(credential, new SiteSearchRequest(spaceIds, query, pagesPerSpace)));
    }

    /**
     * Ask over the live revisions of the spaces (a site's, that the caller or visitor may read): the best passages
     * and, when content has an answer writer, the answer written from them.
     */
    public SiteAskResponse ask(List<String> spaceIds, String question, int passages) {
        return InternalCall.with(serviceTokens, SERVICE,
                credential -> api.ask(credential, new SiteAskRequest(spaceIds, question, passages)));
    }
}
