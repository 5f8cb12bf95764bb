package io.bindery.contracts.content;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * content-service's internal ask over given spaces (a site's ask and the reader's {@code .md?ask=}): the best
 * passages, with their sources. Content's {@code InternalAskResource} implements it; sites' REST Client extends it.
 * {@code authorization} is the caller's service-token header, checked by content's filter.
 */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
public interface ContentAskApi {

    @POST
    @Path("/ask")
    @Consumes(MediaType.APPLICATION_JSON)
    SiteAskResponse ask(@HeaderParam("Authorization") String authorization, SiteAskRequest body);
}
