package io.bindery.content.ask;

import io.bindery.contracts.content.SiteAskRequest;
import io.bindery.contracts.content.SiteAskResponse;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * Internal (never routed by the gateway): ask for sites-service, over the spaces of a site that sites has already
 * decided the caller or visitor may read (see {@link Asks#inSpaces}).
 */
@Path("/internal/ask")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class InternalAskResource {
    @Inject
    Asks asks;

    @POST
    public SiteAskResponse ask(SiteAskRequest request) {
        return asks.inSpaces(request);
    }
}
