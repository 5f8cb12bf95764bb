package io.bindery.content.templates;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Caller;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * Applying a template to a space's live content ({@code POST /spaces/{s}/content/template}).
 */
@Path("/v1/spaces/{spaceId}")
@Produces(MediaType.APPLICATION_JSON)
public class TemplateResource {
    @Inject
    Caller caller;
    @Inject
    Templates templates;

    @POST
    @Path("/content/template")
    public Response template(@PathParam("spaceId") String spaceId, JsonNode body) {
        templates.apply(spaceId, caller.userId(), TemplateRequest.from(body));
        return Response.status(201).build();
    }
}
