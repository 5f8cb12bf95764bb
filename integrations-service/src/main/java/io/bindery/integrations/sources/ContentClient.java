package io.bindery.integrations.sources;

import io.bindery.commons.auth.ServiceTokens;
import io.bindery.commons.client.InternalCall;
import io.bindery.commons.client.InternalErrors;
import io.bindery.contracts.content.SpaceData;
import io.bindery.contracts.content.SpaceViewsRequest;
import io.bindery.integrations.config.IntegrationsConfig;
import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.net.URI;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Calls content-service's internal space-views (as sites-service does) with integrations' service token: the
 * Space objects of expand=true, with the caller's permissions. Content unreachable is a 503.
 */
@ApplicationScoped
public class ContentClient {
    public static final String SERVICE = "content-service";

    @Inject
    IntegrationsConfig config;
    @Inject
    ServiceTokens serviceTokens;

    ContentApi api;

    @PostConstruct
    void build() {
        api = QuarkusRestClientBuilder.newBuilder().baseUri(URI.create(config.contentUrl().replaceAll("/+$", "")))
                .connectTimeout(config.internalCallConnectTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .readTimeout(config.internalCallTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .register(new InternalErrors(SERVICE)).build(ContentApi.class);
    }

    /** The spaces among {@code spaceIds} that the user can read, live and of the organization. */
    public List<SpaceData> readable(String organizationId, String userId, List<String> spaceIds) {
        if (spaceIds.isEmpty()) {
            return List.of();
        }
        List<SpaceData> spaces = InternalCall.with(serviceTokens, SERVICE,
                credential -> api.spaceViews(credential, organizationId,
                        new SpaceViewsRequest(userId, spaceIds.subList(0, Math.min(spaceIds.size(), SpaceViewsRequest.MAX_SPACES))))).spaces();
        return spaces == null ? List.of() : spaces;
    }
}
