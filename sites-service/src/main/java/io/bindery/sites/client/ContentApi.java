package io.bindery.sites.client;

import io.bindery.contracts.content.ContentAccessApi;
import io.bindery.contracts.content.ContentAskApi;
import io.bindery.contracts.content.ContentRevisionsApi;
import io.bindery.contracts.content.ContentSearchApi;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * content-service's internal API as sites calls it (built by {@link ContentClient}): space-views and the reader's
 * reads, search and ask. The paths are content's contracts in platform-contracts, never written here.
 */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
public interface ContentApi extends ContentAccessApi, ContentRevisionsApi, ContentSearchApi, ContentAskApi {
}
