package io.bindery.insights.client;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/**
 * content-service's public API (GitBook's shapes) as a translation run calls it, with the user's token: writes of
 * spaces and change-request content are offered to users only. Built by {@link PublicApiClients}.
 */
@Path("/v1")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public interface PublicContentApi {

    @GET
    @Path("/spaces/{space}")
    PublicViews.Space space(@HeaderParam("Authorization") String authorization, @PathParam("space") String space);

    @GET
    @Path("/spaces/{space}/content/pages")
    PublicViews.Pages pages(@HeaderParam("Authorization") String authorization, @PathParam("space") String space,
                            @QueryParam("metadata") boolean metadata);

    @GET
    @Path("/spaces/{space}/change-requests/{changeRequest}/content/pages")
    PublicViews.Pages changeRequestPages(@HeaderParam("Authorization") String authorization,
                                         @PathParam("space") String space,
                                         @PathParam("changeRequest") String changeRequest,
                                         @QueryParam("metadata") boolean metadata);

    @GET
    @Path("/spaces/{space}/content/page/{page}")
    PublicViews.Markdown markdown(@HeaderParam("Authorization") String authorization, @PathParam("space") String space,
                                  @PathParam("page") String page, @QueryParam("format") String format,
                                  @QueryParam("metadata") boolean metadata);

    @POST
    @Path("/orgs/{organization}/spaces")
    PublicViews.Space createSpace(@HeaderParam("Authorization") String authorization,
                                  @PathParam("organization") String organization, JsonNode body);

    @POST
    @Path("/spaces/{space}/change-requests/{changeRequest}/content")
    JsonNode write(@HeaderParam("Authorization") String authorization, @PathParam("space") String space,
                   @PathParam("changeRequest") String changeRequest, JsonNode body);
}
