package io.bindery.insights.client;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** review-service's public API as a translation run calls it, with the user's token. Built by {@link PublicApiClients}. */
@Path("/v1")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface PublicReviewApi {

    @POST
    @Path("/spaces/{space}/change-requests")
    PublicViews.ChangeRequest open(@HeaderParam("Authorization") String authorization, @PathParam("space") String space,
                                   JsonNode body);

    @POST
    @Path("/spaces/{space}/change-requests/{changeRequest}/merge")
    PublicViews.Merged merge(@HeaderParam("Authorization") String authorization, @PathParam("space") String space,
                             @PathParam("changeRequest") String changeRequest, JsonNode body);
}
