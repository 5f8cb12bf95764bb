package io.bindery.integrations.gitsync;

import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.util.Map;

/**
 * A synced space's webhook: push events from the repository's host, with no API token (outside /v1, which needs
 * one), verified with the space's webhook secret instead. 202 whether queued or ignored.
 */
@Path(GitWebhookResource.PATH)
public class GitWebhookResource {
    static final String PATH = "/hooks/git/spaces/{spaceId}";

    @Inject
    GitSyncs gitSyncs;

    @POST
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    public Response push(@PathParam("spaceId") String spaceId, @Context HttpHeaders headers, byte[] body) {
        GitSyncs.Hook hook = gitSyncs.webhook(spaceId, headers::getHeaderString, body == null ? new byte[0] : body);
        return Response.accepted(Map.of("result", hook.name().toLowerCase(java.util.Locale.ROOT))).build();
    }
}
