package io.bindery.sites.ask;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bindery.commons.auth.Caller;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * GitBook's {@code streamAskInSite}: the answer as a server-sent event stream of one {@code answer} event (retrieval
 * answers at once: there is nothing to stream in parts). See {@link SiteAsks}.
 */
@Path("/v1/orgs/{organizationId}/sites/{siteId}/ask")
@Consumes(MediaType.APPLICATION_JSON)
public class SiteAskResource {
    @Inject
    Caller caller;
    @Inject
    SiteAsks asks;
    @Inject
    ObjectMapper json;

    @POST
    public Response ask(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId,
                        @QueryParam("format") String format, JsonNode body) throws JsonProcessingException {
        SiteAskView answer = asks.ask(organizationId, caller.userId(), siteId, SiteAskRequest.from(body, format));
        return Response.ok("data: " + json.writeValueAsString(answer) + "\n\n", "text/event-stream")
                .header("Cache-Control", "no-store").build();
    }
}
