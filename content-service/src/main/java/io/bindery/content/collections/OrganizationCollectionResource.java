package io.bindery.content.collections;

import io.bindery.content.items.CollectionView;
import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Caller;
import io.bindery.commons.lists.ListPage;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** Collections of an organization: list and create. */
@Path("/v1/orgs/{organizationId}")
@Produces(MediaType.APPLICATION_JSON)
public class OrganizationCollectionResource {
    @Inject
    Caller caller;
    @Inject
    CollectionService collections;

    @GET
    @Path("/collections")
    public ListPage<CollectionView> list(@PathParam("organizationId") String organizationId, @QueryParam("nested") String nested,
                                         @QueryParam("limit") String limit, @QueryParam("page") String page) {
        return collections.list(organizationId, caller.userId(), nested, limit, page);
    }

    @POST
    @Path("/collections")
    public Response create(@PathParam("organizationId") String organizationId, JsonNode body) {
        return Response.status(201).entity(collections.create(organizationId, caller.userId(), CreateCollectionRequest.from(body))).build();
    }
}
