package io.bindery.integrations.installations;

import io.bindery.integrations.targets.TargetKind;
import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Caller;
import io.bindery.commons.errors.ApiException;
import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.Limits;
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

/**
 * Installations of an integration, and the spaces and sites they hold. {@code expand=true} (and {@code extended=true},
 * which the official client sends) embeds the whole Space or Site instead of its id.
 */
@Path("/v1/integrations/{integrationName}")
@Produces(MediaType.APPLICATION_JSON)
public class InstallationResource {
    @Inject
    Caller caller;
    @Inject
    Installations installations;

    @GET
    @Path("/installations")
    public ListPage<InstallationView> list(@PathParam("integrationName") String name, @QueryParam("page") String page,
                                           @QueryParam("limit") String limit, @QueryParam("externalId") String externalId) {
        return installations.list(name, caller.userId(), blankAsNull(externalId), Keyset.emptyAsFirst(page), Limits.parse(limit));
    }

    @POST
    @Path("/installations")
    public Response install(@PathParam("integrationName") String name, JsonNode body) {
        InstallationView view = installations.install(name, caller.userId(), InstallationRequests.Install.from(body));
        return Response.created(URI.create(view.urls().location())).entity(view).build();
    }

    @GET
    @Path("/installations/{installationId}")
    public InstallationView get(@PathParam("integrationName") String name, @PathParam("installationId") String id) {
        return installations.get(name, id, caller.userId());
    }

    @PATCH
    @Path("/installations/{installationId}")
    public InstallationView update(@PathParam("integrationName") String name, @PathParam("installationId") String id,
                                   JsonNode body) {
        return installations.update(name, id, caller.userId(), InstallationRequests.Update.from(body));
    }

    @DELETE
    @Path("/installations/{installationId}")
    public Response uninstall(@PathParam("integrationName") String name, @PathParam("installationId") String id) {
        installations.uninstall(name, id, caller.userId());
        return Response.noContent().build();
    }

    @GET
    @Path("/installations/{installationId}/{kind:spaces|sites}")
    public ListPage<InstallationView.OnTarget> listTargets(@PathParam("integrationName") String name,
                                                          @PathParam("installationId") String id,
                                                          @PathParam("kind") String kind,
                                                          @QueryParam("page") String page, @QueryParam("limit") String limit,
                                                          @QueryParam("expand") String expand,
                                                          @QueryParam("extended") String extended) {
        return installations.listTargets(kind(kind), name, id, caller.userId(), Keyset.emptyAsFirst(page),
                Limits.parse(limit), expand(expand, extended));
    }

    @POST
    @Path("/installations/{installationId}/{kind:spaces|sites}")
    public Response installTarget(@PathParam("integrationName") String name, @PathParam("installationId") String id,
                                  @PathParam("kind") String kind, @QueryParam("expand") String expand,
                                  @QueryParam("extended") String extended, JsonNode body) {
        TargetKind k = kind(kind);
        InstallationView.OnTarget view = installations.installTarget(k, name, id, caller.userId(),
                InstallationRequests.target(body, k), expand(expand, extended));
        return Response.created(URI.create(view.urls().location())).entity(view).build();
    }

    @GET
    @Path("/installations/{installationId}/{kind:spaces|sites}/{targetId}")
    public InstallationView.OnTarget getTarget(@PathParam("integrationName") String name,
                                               @PathParam("installationId") String id, @PathParam("kind") String kind,
                                               @PathParam("targetId") String targetId,
                                               @QueryParam("expand") String expand, @QueryParam("extended") String extended) {
        return installations.getTarget(kind(kind), name, id, targetId, caller.userId(), expand(expand, extended));
    }

    @PATCH
    @Path("/installations/{installationId}/{kind:spaces|sites}/{targetId}")
    public InstallationView.OnTarget updateTarget(@PathParam("integrationName") String name,
                                                  @PathParam("installationId") String id, @PathParam("kind") String kind,
                                                  @PathParam("targetId") String targetId,
                                                  @QueryParam("expand") String expand,
                                                  @QueryParam("extended") String extended, JsonNode body) {
        return installations.updateTarget(kind(kind), name, id, targetId, caller.userId(),
                InstallationRequests.TargetUpdate.from(body), expand(expand, extended));
    }

    @DELETE
    @Path("/installations/{installationId}/{kind:spaces|sites}/{targetId}")
    public Response uninstallTarget(@PathParam("integrationName") String name, @PathParam("installationId") String id,
                                    @PathParam("kind") String kind, @PathParam("targetId") String targetId) {
        installations.uninstallTarget(kind(kind), name, id, targetId, caller.userId());
        return Response.noContent().build();
    }

    @GET
    @Path("/{kind:spaces|sites}")
    public ListPage<InstallationView.OnTarget> listIntegrationTargets(@PathParam("integrationName") String name,
                                                                     @PathParam("kind") String kind,
                                                                     @QueryParam("page") String page,
                                                                     @QueryParam("limit") String limit,
                                                                     @QueryParam("externalId") String externalId,
                                                                     @QueryParam("expand") String expand,
                                                                     @QueryParam("extended") String extended) {
        return installations.listIntegrationTargets(kind(kind), name, caller.userId(), blankAsNull(externalId),
                Keyset.emptyAsFirst(page), Limits.parse(limit), expand(expand, extended));
    }

    private static TargetKind kind(String plural) {
        return plural.equals("spaces") ? TargetKind.SPACE : TargetKind.SITE;
    }

    /** expand or extended: true or false (absent: false); anything else is a 400. */
    static boolean expand(String expand, String extended) {
        return bool("expand", expand) || bool("extended", extended);
    }

    private static boolean bool(String name, String value) {
        if (value == null || value.equals("false")) {
            return false;
        }
        if (value.equals("true")) {
            return true;
        }
        throw ApiException.badRequest(name + " must be true or false");
    }

    private static String blankAsNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
