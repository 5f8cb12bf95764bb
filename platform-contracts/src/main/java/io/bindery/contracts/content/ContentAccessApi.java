package io.bindery.contracts.content;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * content-service's internal access API: a user's role in a space (review), the spaces a user can read (review)
 * and spaces as a user sees them (sites, integrations; {@link #readable} batches the last). Content's
 * {@code InternalAccessResource} implements it and the callers' REST Clients extend it, so the paths are written once. {@code authorization} is the caller's
 * service-token header; content checks it in its filter, the resource does not read it.
 */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
public interface ContentAccessApi {

    @GET
    @Path("/spaces/{spaceId}/access")
    SpaceAccessResponse access(@HeaderParam("Authorization") String authorization, @PathParam("spaceId") String spaceId,
                               @QueryParam("user") String user);

    @GET
    @Path("/orgs/{organizationId}/readable-spaces")
    ReadableSpacesResponse readableSpaces(@HeaderParam("Authorization") String authorization,
                                          @PathParam("organizationId") String organizationId,
                                          @QueryParam("user") String user);

    @POST
    @Path("/orgs/{organizationId}/space-views")
    @Consumes(MediaType.APPLICATION_JSON)
    SpaceViewsResponse spaceViews(@HeaderParam("Authorization") String authorization,
                                  @PathParam("organizationId") String organizationId, SpaceViewsRequest body);

    /**
     * The spaces among {@code spaceIds} that {@code userId} can read, live and of the organization, in the order asked:
     * content takes {@link SpaceViewsRequest#MAX_SPACES} at a time, so more are asked in several calls of
     * {@code spaceViews} (the caller's {@link #spaceViews} under its internal reads' policy); content's 404 when the
     * user is not a member of the organization.
     */
    static List<SpaceData> readable(String userId, List<String> spaceIds,
                                    Function<SpaceViewsRequest, SpaceViewsResponse> spaceViews) {
        List<SpaceData> readable = new ArrayList<>();
        for (int from = 0; from < spaceIds.size(); from += SpaceViewsRequest.MAX_SPACES) {
            List<String> batch = spaceIds.subList(from, Math.min(spaceIds.size(), from + SpaceViewsRequest.MAX_SPACES));
            List<SpaceData> spaces = spaceViews.apply(new SpaceViewsRequest(userId, batch)).spaces();
            if (spaces != null) {
                readable.addAll(spaces);
            }
        }
        return readable;
    }
}
