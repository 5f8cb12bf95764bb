package io.bindery.openapi.versions;

import io.bindery.commons.auth.Caller;
import io.bindery.commons.lists.Keyset;
import io.bindery.commons.lists.Limits;
import io.bindery.commons.lists.ListPage;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/** A spec's versions: list, latest, by id, their content, and the diff between two (Bindery's own). */
@Path("/v1/orgs/{organizationId}/openapi/{specSlug}/versions")
@Produces(MediaType.APPLICATION_JSON)
public class VersionResource {
    @Inject
    Caller caller;
    @Inject
    Versions versions;

    @GET
    public ListPage<VersionView> list(@PathParam("organizationId") String org, @PathParam("specSlug") String slug,
                                      @QueryParam("page") String page, @QueryParam("limit") String limit) {
        return versions.list(org, slug, caller.userId(), Keyset.emptyAsFirst(page), Limits.parse(limit));
    }

    /** {@code latest} or a version id. */
    @GET
    @Path("/{versionId}")
    public VersionView get(@PathParam("organizationId") String org, @PathParam("specSlug") String slug,
                           @PathParam("versionId") String versionId) {
        return versions.get(org, slug, versionId, caller.userId());
    }

    @GET
    @Path("/{versionId}/content")
    public ContentView content(@PathParam("organizationId") String org, @PathParam("specSlug") String slug,
                               @PathParam("versionId") String versionId) {
        return versions.content(org, slug, versionId, caller.userId());
    }

    @GET
    @Path("/{versionId}/diff")
    public DiffView diff(@PathParam("organizationId") String org, @PathParam("specSlug") String slug,
                         @PathParam("versionId") String versionId, @QueryParam("against") String against) {
        return versions.diff(org, slug, versionId, against, caller.userId());
    }
}
