package io.bindery.openapi.specs;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Caller;
import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.Limits;
import io.bindery.commons.lists.ListPage;
import io.bindery.openapi.config.OpenApiConfig;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** An organization's OpenAPI specs: list, create, read, create or update (PUT), visibility, delete. */
@Path("/v1/orgs/{organizationId}/openapi")
@Produces(MediaType.APPLICATION_JSON)
public class SpecResource {
    @Inject
    Caller caller;
    @Inject
    Specs specs;
    @Inject
    OpenApiConfig config;

    @GET
    public ListPage<SpecView> list(@PathParam("organizationId") String org, @QueryParam("page") String page,
                                   @QueryParam("limit") String limit) {
        return specs.list(org, caller.userId(), Keyset.emptyAsFirst(page), Limits.parse(limit));
    }

    @POST
    public Response create(@PathParam("organizationId") String org, JsonNode body) {
        SpecView created = specs.create(org, caller.userId(), SpecRequests.Create.from(body, config.fetch().maxBytes()));
        return Response.status(201).entity(created).build();
    }

    @GET
    @Path("/{specSlug}")
    public SpecView get(@PathParam("organizationId") String org, @PathParam("specSlug") String slug) {
        return specs.get(org, slug, caller.userId());
    }

    @PUT
    @Path("/{specSlug}")
    public Response put(@PathParam("organizationId") String org, @PathParam("specSlug") String slug, JsonNode body) {
        SpecRequests.checkSlug(slug);
        Specs.Uploaded uploaded = specs.put(org, slug, caller.userId(), SpecRequests.Put.from(body, config.fetch().maxBytes()));
        return Response.status(uploaded.created() ? 201 : 200).entity(uploaded.spec()).build();
    }

    @PATCH
    @Path("/{specSlug}")
    public SpecView patch(@PathParam("organizationId") String org, @PathParam("specSlug") String slug, JsonNode body) {
        SpecRequests.checkSlug(slug);
        return specs.changeVisibility(org, slug, caller.userId(), SpecRequests.Visibility.from(body));
    }

    @DELETE
    @Path("/{specSlug}")
    public Response delete(@PathParam("organizationId") String org, @PathParam("specSlug") String slug) {
        specs.delete(org, slug, caller.userId());
        return Response.noContent().build();
    }
}
