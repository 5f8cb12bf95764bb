package io.bindery.contracts.review;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * review-service's internal merge: a change request merged for a member other than the caller (integrations' Git
 * Sync merges an import as the member who set the sync up, so no user's token is kept for it). It takes the same path
 * as a member's own merge: the member's role, the space's lock and merge rules, content's three-way merge (409 on a
 * conflict, the change request left open). Review's {@code InternalMergeResource} implements it.
 * {@code authorization} is the caller's service-token header, checked by review's filter.
 */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
public interface ReviewMergesApi {

    /** {@code changeRequestId}: the change request's id or number. */
    @POST
    @Path("/spaces/{spaceId}/change-requests/{changeRequestId}/merge")
    @Consumes(MediaType.APPLICATION_JSON)
    Merged merge(@HeaderParam("Authorization") String authorization, @PathParam("spaceId") String spaceId,
                 @PathParam("changeRequestId") String changeRequestId, Merge body);

    /** Who merges (a user id). */
    record Merge(String mergedBy) {
    }

    /** The revision the merge made on main, and {@code result: "merge"}. */
    record Merged(String revision, String result) {
    }
}
