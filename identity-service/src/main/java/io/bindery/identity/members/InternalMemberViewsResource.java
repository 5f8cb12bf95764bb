package io.bindery.identity.members;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.json.JsonBody;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import java.util.List;

/**
 * Internal (never routed by the gateway): the Member objects of some users of an organization, for services
 * that list people by what they did there (review's commenters). Users who are not members are left out.
 */
@Path("/internal/orgs/{organizationId}/member-views")
@Produces(MediaType.APPLICATION_JSON)
public class InternalMemberViewsResource {
    static final int MAX_USERS = 1000;

    @Inject
    Members members;

    public record MemberViews(List<MemberView> items) {
    }

    /** Body {@code {"users": ["<user id>", ...]}} (at most 1000); answers the members among them, in that order. */
    @POST
    @Transactional
    public MemberViews views(@PathParam("organizationId") String organizationId, JsonNode body) {
        List<String> users = JsonBody.of(body).strings("users").orElse(List.of());
        if (users.size() > MAX_USERS) {
            throw io.bindery.commons.errors.ApiException.badRequest("users: at most " + MAX_USERS + " ids");
        }
        return new MemberViews(members.views(organizationId, users));
    }
}
