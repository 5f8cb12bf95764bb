package io.bindery.review.client;

import io.bindery.contracts.identity.MemberViewsRequest;
import com.fasterxml.jackson.databind.JsonNode;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.util.ArrayList;
import java.util.List;

/** Member objects from identity's internal API, for lists of people (commenters). */
@ApplicationScoped
public class IdentityMembersClient {
    @ConfigProperty(name = "bindery.identity-url", defaultValue = "http://127.0.0.1:8081")
    String identityUrl;
    @Inject
    InternalHttp http;

    /** The Member objects of those users who are members of the organization, in the order asked. */
    public List<JsonNode> members(String organizationId, List<String> userIds) {
        List<JsonNode> out = new ArrayList<>();
        if (userIds.isEmpty()) {
            return out;
        }
        JsonNode body = http.send("identity-service", identityUrl, "POST",
                "/internal/orgs/" + InternalHttp.segment(organizationId) + "/member-views", new MemberViewsRequest(userIds));
        body.path("items").forEach(out::add);
        return out;
    }
}
