package io.bindery.integrations.sources;

import io.bindery.contracts.content.SpaceViewsRequest;
import io.bindery.contracts.content.SpaceViewsResponse;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** content-service's internal space-views call as integrations calls it (built by {@link ContentClient}). */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface ContentApi {

    @POST
    @Path("/orgs/{organization}/space-views")
    SpaceViewsResponse spaceViews(@HeaderParam("Authorization") String authorization,
                                  @PathParam("organization") String organization, SpaceViewsRequest body);
}
