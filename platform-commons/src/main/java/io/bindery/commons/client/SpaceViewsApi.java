package io.bindery.commons.client;

import io.bindery.commons.auth.ServiceTokens;
import io.bindery.contracts.content.ContentAccessApi;
import io.bindery.contracts.content.SpaceData;
import io.bindery.contracts.content.SpaceViewsRequest;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import java.util.ArrayList;
import java.util.List;

/**
 * content-service's internal access API ({@link ContentAccessApi}, whose space-views call says which of some spaces
 * a user can read, as whole Space resources with that user's permissions) with the batching every caller needs.
 * Services that embed Spaces (sites, integrations) build a REST Client of this (or of an interface extending it)
 * and ask through {@link #readable}, a read under the internal reads' policy.
 */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
public interface SpaceViewsApi extends ContentAccessApi {
    String CONTENT_SERVICE = "content-service";

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
            List<SpaceData> spaces = InternalCall.read(SpaceViewsApi.class, "spaceViews", tokens, CONTENT_SERVICE,
                    credential -> api.spaceViews(credential, organizationId, new SpaceViewsRequest(userId, batch))).spaces();
            if (spaces != null) {
                readable.addAll(spaces);
            }
        }
        return readable;
    }
}
