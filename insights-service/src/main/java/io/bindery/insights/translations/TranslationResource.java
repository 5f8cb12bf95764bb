package io.bindery.insights.translations;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Caller;
import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.Limits;
import io.bindery.commons.lists.ListPage;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** Translations of an organization's spaces: create, list, read, update instructions, delete, run. */
@Path("/v1/orgs/{organizationId}/translations")
@Produces(MediaType.APPLICATION_JSON)
public class TranslationResource {
    @Inject
    Caller caller;
    @Inject
    Translations translations;

    @GET
    public ListPage<TranslationView> list(@PathParam("organizationId") String org, @QueryParam("page") String page,
                                          @QueryParam("limit") String limit) {
        return translations.list(org, caller.userId(), Keyset.emptyAsFirst(page), Limits.parse(limit));
    }

    @POST
    public Response create(@PathParam("organizationId") String org, @HeaderParam("Authorization") String authorization,
                           JsonNode body) {
        return Response.status(201).entity(translations.create(org, caller.userId(), body, token(authorization))).build();
    }

    @GET
    @Path("/{translationId}")
    public TranslationView get(@PathParam("organizationId") String org, @PathParam("translationId") String id) {
        return translations.get(org, caller.userId(), id);
    }

    @PUT
    @Path("/{translationId}")
    public TranslationView update(@PathParam("organizationId") String org, @PathParam("translationId") String id,
                                  JsonNode body) {
        return translations.update(org, caller.userId(), id, body);
    }

    @DELETE
    @Path("/{translationId}")
    public Response delete(@PathParam("organizationId") String org, @PathParam("translationId") String id) {
        translations.delete(org, caller.userId(), id);
        return Response.noContent().build();
    }

    @POST
    @Path("/{translationId}/run")
    public Response run(@PathParam("organizationId") String org, @PathParam("translationId") String id,
                        @HeaderParam("Authorization") String authorization) {
        translations.run(org, caller.userId(), id, token(authorization));
        return Response.noContent().build();
    }

    /** The caller's bearer token (verified by commons' filter already): content and review are called with it. */
    private static String token(String authorization) {
        return authorization == null ? "" : authorization.replaceFirst("(?i)^Bearer\\s+", "").strip();
    }
}
