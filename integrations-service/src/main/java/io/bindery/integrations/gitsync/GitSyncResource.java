package io.bindery.integrations.gitsync;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.auth.Caller;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** GitBook's space-git operations: export to and import from a Git repository (queued), and the space's Git state. */
@Path("/v1/spaces/{spaceId}/git")
@Produces(MediaType.APPLICATION_JSON)
public class GitSyncResource {
    @Inject
    Caller caller;
    @Inject
    GitSyncs gitSyncs;

    @POST
    @Path("/export")
    public Response export(@PathParam("spaceId") String spaceId, JsonNode body) {
        gitSyncs.export(spaceId, caller.userId(), GitSyncRequests.Export.from(body));
        return Response.noContent().build();
    }

    @POST
    @Path("/import")
    public Response importing(@PathParam("spaceId") String spaceId, JsonNode body) {
        gitSyncs.importing(spaceId, caller.userId(), GitSyncRequests.Import.from(body));
        return Response.noContent().build();
    }

    /** Bindery's extension: keeps the space synced with a repository (the answer has the webhook's URL and secret). */
    @PUT
    @Path("/sync")
    public Response sync(@PathParam("spaceId") String spaceId, JsonNode body) {
        return Response.ok(gitSyncs.sync(spaceId, caller.userId(), GitSyncRequests.Sync.from(body))).build();
    }

    @DELETE
    @Path("/sync")
    public Response unsync(@PathParam("spaceId") String spaceId) {
        gitSyncs.unsync(spaceId, caller.userId());
        return Response.noContent().build();
    }

    @GET
    @Path("/info")
    public GitSyncState info(@PathParam("spaceId") String spaceId) {
        return gitSyncs.info(spaceId, caller.userId());
    }
}
