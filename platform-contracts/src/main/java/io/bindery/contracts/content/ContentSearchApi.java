package io.bindery.contracts.content;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * content-service's internal search over given spaces (sites' reader and MCP search). Content's
 * {@code InternalSearchResource} implements it; sites' REST Client extends it. {@code authorization} is the
 * caller's service-token header, checked by content's filter.
 */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
public interface ContentSearchApi {

    @POST
    @Path("/search")
    @Consumes(MediaType.APPLICATION_JSON)
    SiteSearchResponse search(@HeaderParam("Authorization") String authorization, SiteSearchRequest body);
}
