package io.bindery.review.comments;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.lists.ListPage;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/** The members who took part in a space's or a change request's discussion. */
@Path("/v1")
@Produces(MediaType.APPLICATION_JSON)
public class CommenterResource {
    @Inject
    Comments comments;
    @Inject
    Commenters commenters;

    @GET
    @Path("/spaces/{spaceId}/commenters")
    public ListPage<JsonNode> space(@PathParam("spaceId") String spaceId, @QueryParam("page") String page,
                                    @QueryParam("limit") String limit) {
        return commenters.list(comments.thread(spaceId, null), page, limit);
    }

    @GET
    @Path("/spaces/{spaceId}/change-requests/{changeRequestId}/commenters")
    public ListPage<JsonNode> changeRequest(@PathParam("spaceId") String spaceId,
                                            @PathParam("changeRequestId") String changeRequestId,
                                            @QueryParam("page") String page, @QueryParam("limit") String limit) {
        return commenters.list(comments.thread(spaceId, changeRequestId), page, limit);
    }
}
