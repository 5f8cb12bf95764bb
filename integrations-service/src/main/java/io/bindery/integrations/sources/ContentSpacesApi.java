package io.bindery.integrations.sources;

import io.bindery.contracts.content.ContentAccessApi;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** content-service's space-views as integrations calls them (built by {@link ContentClient}); the paths are the contract's. */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
public interface ContentSpacesApi extends ContentAccessApi {
}
