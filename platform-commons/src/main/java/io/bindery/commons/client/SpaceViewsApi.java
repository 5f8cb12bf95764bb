package io.bindery.commons.client;

import io.bindery.commons.auth.ServiceTokens;
import io.bindery.contracts.content.SpaceData;
import io.bindery.contracts.content.SpaceViewsRequest;
import io.bindery.contracts.content.SpaceViewsResponse;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import java.util.ArrayList;
import java.util.List;

/**
 * content-service's internal space-views call: which of some spaces a user can read, as whole Space resources with
 * that user's permissions. Services that embed Spaces (sites, integrations) extend this with the rest of content's
 * internal API they use, and ask through {@link #readable}.
 */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface SpaceViewsApi {
    String CONTENT_SERVICE = "content-service";

    @POST
    @Path("/orgs/{organization}/space-views")
    SpaceViewsResponse spaceViews(@HeaderParam("Authorization") String authorization,
                                  @PathParam("organization") String organization, SpaceViewsRequest body);

    /**
     * The spaces among {@code spaceIds} that the user can read, live and of the organization, in the order asked
     * (content takes {@link SpaceViewsRequest#MAX_SPACES} at a time, so more are asked in several calls); content's
     * 404 when the user is not a member of the organization.
     */
    static List<SpaceData> readable(SpaceViewsApi api, ServiceTokens tokens, String organizationId, String userId,
                                    List<String> spaceIds) {
        List<SpaceData> readable = new ArrayList<>();
        for (int from = 0; from < spaceIds.size(); from += SpaceViewsRequest.MAX_SPACES) {
            List<String> batch = spaceIds.subList(from, Math.min(spaceIds.size(), from + SpaceViewsRequest.MAX_SPACES));
            List<SpaceData> spaces = InternalCall.with(tokens, CONTENT_SERVICE,
                    credential -> api.spaceViews(credential, organizationId, new SpaceViewsRequest(userId, batch))).spaces();
            if (spaces != null) {
                readable.addAll(spaces);
            }
        }
        return readable;
    }
}
