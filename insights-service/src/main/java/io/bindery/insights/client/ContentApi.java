package io.bindery.insights.client;

import io.bindery.contracts.content.ContentRevisionsApi;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * content-service's internal API as insights reads it (built by {@link ContentClient}): a revision's pages. The
 * paths are content's contract in platform-contracts, never written here.
 */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
public interface ContentApi extends ContentRevisionsApi {
}
