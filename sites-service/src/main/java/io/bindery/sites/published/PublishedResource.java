package io.bindery.sites.published;

import io.bindery.commons.auth.Caller;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;

import java.util.HashMap;
import java.util.Map;

/** The published site as a visitor sees it (any authenticated caller; see PublishedSites for who sees what). */
@Path("/v1/orgs/{organizationId}/sites/{siteId}/published")
@Produces(MediaType.APPLICATION_JSON)
public class PublishedResource {
    static final String VISITOR_PREFIX = "visitor.";

    @Inject
    Caller caller;
    @Inject
    PublishedSites published;

    @GET
    public PublishedSites.Published get(@PathParam("organizationId") String organizationId, @PathParam("siteId") String siteId,
                                        @QueryParam("shareKey") String shareKey, @QueryParam("jwtToken") String jwtToken,
                                        @Context UriInfo uri) {
        Map<String, String> unsigned = new HashMap<>();
        uri.getQueryParameters().forEach((name, values) -> {
            if (name.startsWith(VISITOR_PREFIX) && name.length() > VISITOR_PREFIX.length() && !values.isEmpty()) {
                unsigned.put(name.substring(VISITOR_PREFIX.length()), values.get(0));
            }
        });
        return published.published(organizationId, caller.userId(), siteId, shareKey, jwtToken, unsigned);
    }
}
