package io.bindery.content.branches;

import io.bindery.commons.auth.Caller;
import io.bindery.commons.lists.Limits;
import io.bindery.content.access.ContentScopes;
import io.bindery.content.pages.ContentReader.Options;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/**
 * What a revision of a space changed ({@code /spaces/{s}/revisions/{r}/changes}); a change request's changes are
 * {@link ChangeRequestContentResource}'s.
 */
@Path("/v1/spaces/{spaceId}")
@Produces(MediaType.APPLICATION_JSON)
public class RevisionChangesResource {
    @Inject
    Caller caller;
    @Inject
    ContentScopes scopes;
    @Inject
    BranchChanges changes;

    @GET
    @Path("/revisions/{revisionId}/changes")
    public BranchChanges.Changes revisionChanges(@PathParam("spaceId") String spaceId, @PathParam("revisionId") String revisionId,
                                                 @QueryParam("metadata") String metadata, @QueryParam("computed") String computed,
                                                 @QueryParam("limit") String limit) {
        Options.of(metadata, computed, null, null);
        Limits.parse(limit); // checked like every limit; the changes of one revision come whole
        return changes.ofRevision(scopes.revision(spaceId, revisionId, caller.userId()));
    }
}
