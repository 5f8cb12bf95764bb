package io.bindery.content.ask;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Caller;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/** Ask a question across the organization's spaces that the caller can read: retrieval only (see {@link Asks}). */
@Path("/v1/orgs/{organizationId}")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class AskResource {
    @Inject
    Caller caller;
    @Inject
    Asks asks;

    @POST
    @Path("/ask")
    public AskView ask(@PathParam("organizationId") String organizationId, @QueryParam("format") String format,
                       @QueryParam("details") String details, JsonNode body) {
        return asks.ask(organizationId, caller.userId(), AskRequest.from(body, format, details));
    }
}
