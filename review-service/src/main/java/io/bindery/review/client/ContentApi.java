package io.bindery.review.client;

import io.bindery.contracts.content.ContentAccessApi;
import io.bindery.contracts.content.ContentBranchTemplatesApi;
import io.bindery.contracts.content.ContentBranchesApi;
import jakarta.ws.rs.Path;

/**
 * content-service's internal API as review calls it (built by {@link ContentClient}): content's contracts, whose
 * paths content's resources serve. {@code authorization} is the service token's header value; a null one is not
 * sent.
 */
@Path("/internal")
public interface ContentApi extends ContentAccessApi, ContentBranchesApi, ContentBranchTemplatesApi {
}
