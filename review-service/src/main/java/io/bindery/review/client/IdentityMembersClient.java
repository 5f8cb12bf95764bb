package io.bindery.review.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.auth.ServiceTokens;
import io.bindery.commons.client.InternalCall;
import io.bindery.commons.client.InternalClients;
import io.bindery.commons.client.InternalErrors;
import io.bindery.commons.errors.ApiException;
import io.bindery.contracts.identity.MemberViewsRequest;
import io.bindery.review.config.ReviewConfig;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.Response;

import java.util.ArrayList;
import java.util.List;

/**
 * Member objects from identity's internal API, for lists of people (commenters). The call only reads (a POST
 * for the list of ids), so it is retried when identity could not be reached.
 */
@ApplicationScoped
public class IdentityMembersClient {
    static final String SERVICE = "identity-service";
    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    io.bindery.commons.config.BinderyServiceConfig shared;
    @Inject
    ReviewConfig config;
    @Inject
    ServiceTokens serviceTokens;

    IdentityApi api;

    @PostConstruct
    void build() {
        api = InternalClients.build(IdentityApi.class, SERVICE, shared.identityUrl(), config.internalCallConnectTimeout(),
                config.internalCallTimeout());
    }

    /** The Member objects of those users who are members of the organization, in the order asked. */
    public List<JsonNode> members(String organizationId, List<String> userIds) {
        List<JsonNode> out = new ArrayList<>();
        if (userIds.isEmpty()) {
            return out;
        }
        JsonNode request = JSON.valueToTree(new MemberViewsRequest(userIds));
        JsonNode body = InternalCall.read(IdentityMembersClient.class, "members", serviceTokens, SERVICE, credential -> {
            try (Response r = api.views(credential, organizationId, request)) {
                if (r.getStatus() != 200) {
                    throw new InternalErrors(SERVICE).toThrowable(r);
                }
                return r.readEntity(JsonNode.class);
            }
        });
        body.path("items").forEach(out::add);
        return out;
    }
}
