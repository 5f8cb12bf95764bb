package io.bindery.integrations.sources;

import io.bindery.commons.auth.ServiceTokens;
import io.bindery.commons.client.InternalClients;
import io.bindery.commons.client.InternalCall;
import io.bindery.contracts.content.ContentAccessApi;
import io.bindery.contracts.content.SpaceData;
import io.bindery.integrations.config.IntegrationsConfig;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.util.List;

/**
 * Calls content-service's internal space-views (as sites-service does) with integrations' service token: the
 * Space objects of expand=true, with the caller's permissions. Content unreachable is a 503.
 */
@ApplicationScoped
public class ContentClient {
    public static final String SERVICE = ServiceTokens.CONTENT;

    @Inject
    IntegrationsConfig config;
    @Inject
    ServiceTokens serviceTokens;

    ContentSpacesApi api;

    @PostConstruct
    void build() {
        api = InternalClients.build(ContentSpacesApi.class, SERVICE, config.contentUrl(), config.internalCallConnectTimeout(),
                config.internalCallTimeout());
    }

    /** The spaces among {@code spaceIds} that the user can read, live and of the organization. */
    public List<SpaceData> readable(String organizationId, String userId, List<String> spaceIds) {
        return ContentAccessApi.readable(userId, spaceIds, request -> InternalCall.read(ContentSpacesApi.class, "spaceViews",
                serviceTokens, SERVICE, credential -> api.spaceViews(credential, organizationId, request)));
    }
}
