package io.bindery.review.merge;

import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Merge a change request into main, or main into it; {changeRequestId} is the id or the number. Tagged as the change
 * request routes it was split from, so the OpenAPI document (and the gateway's merged one) stays as it was.
 */
@Tag(name = "Change Request Resource")
@Path("/v1")
@Produces(MediaType.APPLICATION_JSON)
public class MergeResource {
    @Inject
    ChangeRequestMerger merger;

    @POST
    @Path("/spaces/{spaceId}/change-requests/{changeRequestId}/merge")
    public MergeResult merge(@PathParam("spaceId") String spaceId, @PathParam("changeRequestId") String changeRequestId) {
        return merger.merge(spaceId, changeRequestId);
    }

    @POST
    @Path("/spaces/{spaceId}/change-requests/{changeRequestId}/update")
    public MergeResult update(@PathParam("spaceId") String spaceId, @PathParam("changeRequestId") String changeRequestId) {
        return merger.update(spaceId, changeRequestId);
    }
}
