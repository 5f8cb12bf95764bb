package io.bindery.identity.saml;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Caller;
import io.bindery.commons.lists.ListPage;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.net.URI;

/** An organization's SAML providers; org admins only (members 403, non-members 404). */
@Path("/v1")
@Produces(MediaType.APPLICATION_JSON)
public class SamlProviderResource {
    @Inject
    Caller caller;
    @Inject
    SamlProviders providers;

    /** limit is read as text so that a non-number is a 400 naming it, not a JAX-RS 404. */
    @GET
    @Path("/orgs/{organizationId}/saml")
    public ListPage<SamlProviderView> list(@PathParam("organizationId") String organizationId,
                                           @QueryParam("limit") String limit, @QueryParam("page") String page) {
        return providers.list(organizationId, caller.userId(), limit, page);
    }

    @POST
    @Path("/orgs/{organizationId}/saml")
    public Response create(@PathParam("organizationId") String organizationId, JsonNode body) {
        String callerId = caller.userId();
        SamlProviderView created = providers.create(organizationId, callerId, SamlProviderInput.from(body));
        return Response.created(URI.create(created.urls().location())).entity(created).build();
    }

    @GET
    @Path("/orgs/{organizationId}/saml/{samlProviderId}")
    public SamlProviderView get(@PathParam("organizationId") String organizationId,
                                @PathParam("samlProviderId") String samlProviderId) {
        return providers.get(organizationId, caller.userId(), samlProviderId);
    }

    @PATCH
    @Path("/orgs/{organizationId}/saml/{samlProviderId}")
    public SamlProviderView update(@PathParam("organizationId") String organizationId,
                                   @PathParam("samlProviderId") String samlProviderId, JsonNode body) {
        return providers.update(organizationId, caller.userId(), samlProviderId, SamlProviderInput.from(body));
    }

    @DELETE
    @Path("/orgs/{organizationId}/saml/{samlProviderId}")
    public Response delete(@PathParam("organizationId") String organizationId,
                           @PathParam("samlProviderId") String samlProviderId) {
        providers.delete(organizationId, caller.userId(), samlProviderId);
        return Response.noContent().build();
    }
}
