package io.bindery.identity.members;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.json.JsonBody;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import io.bindery.contracts.identity.IdentityMemberViewsApi;
import jakarta.ws.rs.core.Response;

import java.util.List;

/**
 * Internal (never routed by the gateway): the Member objects of some users of an organization, for services
 * that list people by what they did there (review's commenters). Users who are not members are left out.
 */
public class InternalMemberViewsResource implements IdentityMemberViewsApi {
    static final int MAX_USERS = 1000;

    @Inject
    Members members;

    public record MemberViews(List<MemberView> items) {
    }

    /** Body {@code {"users": ["<user id>", ...]}} (at most 1000); answers the members among them, in that order. */
    @Override
    @Transactional
    public Response views(String authorization, String organizationId, JsonNode body) {
        List<String> users = JsonBody.of(body).strings("users").orElse(List.of());
        if (users.size() > MAX_USERS) {
            throw io.bindery.commons.errors.ApiException.badRequest("users: at most " + MAX_USERS + " ids");
        }
        // a Response for the contract (identity's Member objects are no contract record); the same JSON as the record
        return Response.ok(new MemberViews(members.views(organizationId, users))).build();
    }
}
