package io.bindery.integrations.gitsync;

import io.bindery.contracts.content.ContentAccessApi;
import io.bindery.contracts.content.ContentRevisionsApi;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * content-service's internal API as Git Sync reads it (built by {@link GitSyncContent}), with integrations' service
 * token: the caller's role on the space, a revision's tree, pages (in bulk), files and their bytes. The paths are
 * content's contracts in platform-contracts, never written here.
 */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
public interface GitContentApi extends ContentAccessApi, ContentRevisionsApi {
}
