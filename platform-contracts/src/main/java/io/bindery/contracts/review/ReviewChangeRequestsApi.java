package io.bindery.contracts.review;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * review-service's internal change-request API: a change request opened for a member other than the caller
 * (integrations' Git Sync opens an import's change request as the member whose e-mail matches the Git committer).
 * Review's {@code InternalChangeRequestResource} implements it; the member must be allowed to create change
 * requests in the space (403 otherwise, 404 when they cannot see it). {@code authorization} is the caller's
 * service-token header, checked by review's filter.
 */
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
public interface ReviewChangeRequestsApi {

    @POST
    @Path("/spaces/{spaceId}/change-requests")
    @Consumes(MediaType.APPLICATION_JSON)
    OpenedChangeRequest open(@HeaderParam("Authorization") String authorization, @PathParam("spaceId") String spaceId,
                             OpenChangeRequest body);

    /**
     * Who the change request is authored by (a user id), its subject (≤ 100 characters, may be null) and the revision
     * of the space it starts from (null: the current one; Git Sync's import starts from the revision last in step with
     * Git, so an edit made on both sides since is a conflict of the merge, not overwritten).
     */
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
    record OpenChangeRequest(String createdBy, String subject, String revision) {
    }

    /** The change request opened (open, not draft: an import merges it right away). */
    record OpenedChangeRequest(String id, int number, String createdBy) {
    }
}
