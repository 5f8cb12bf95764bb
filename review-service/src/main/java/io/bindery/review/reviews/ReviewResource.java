package io.bindery.review.reviews;

import com.fasterxml.jackson.databind.JsonNode;
import io.bindery.commons.lists.ListPage;
import io.bindery.review.reviews.ReviewViews.RequestedReviewerView;
import io.bindery.review.reviews.ReviewViews.RequestedReviewers;
import io.bindery.review.reviews.ReviewViews.ReviewView;
import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * Reviews of a change request and the reviewers requested for it. (Class path /v1 with full method paths: a class
 * path under /v1/spaces/… would hide ChangeRequestResource's routes of the same prefix.)
 */
@Path("/v1")
@Produces(MediaType.APPLICATION_JSON)
public class ReviewResource {
    @Inject
    Reviews reviews;

    @GET
    @Path("/spaces/{spaceId}/change-requests/{changeRequestId}/reviews")
    public ListPage<ReviewView> list(@PathParam("spaceId") String spaceId, @PathParam("changeRequestId") String cr,
                                     @QueryParam("page") String page, @QueryParam("limit") String limit) {
        return reviews.list(spaceId, cr, page, limit);
    }

    @POST
    @Path("/spaces/{spaceId}/change-requests/{changeRequestId}/reviews")
    public Response submit(@PathParam("spaceId") String spaceId, @PathParam("changeRequestId") String cr, JsonNode body) {
        return Response.status(201).entity(reviews.submit(spaceId, cr, SubmitReviewRequest.from(body))).build();
    }

    @GET
    @Path("/spaces/{spaceId}/change-requests/{changeRequestId}/reviews/{reviewId}")
    public ReviewView get(@PathParam("spaceId") String spaceId, @PathParam("changeRequestId") String cr,
                          @PathParam("reviewId") String reviewId) {
        return reviews.get(spaceId, cr, reviewId);
    }

    @GET
    @Path("/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers")
    public ListPage<RequestedReviewerView> requested(@PathParam("spaceId") String spaceId, @PathParam("changeRequestId") String cr,
                                                     @QueryParam("page") String page, @QueryParam("limit") String limit) {
        return reviews.requested(spaceId, cr, page, limit);
    }

    @POST
    @Path("/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers")
    public RequestedReviewers request(@PathParam("spaceId") String spaceId, @PathParam("changeRequestId") String cr, JsonNode body) {
        return reviews.request(spaceId, cr, RequestReviewersRequest.from(body));
    }

    @DELETE
    @Path("/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers/{userId}")
    public Response unrequest(@PathParam("spaceId") String spaceId, @PathParam("changeRequestId") String cr,
                              @PathParam("userId") String userId) {
        reviews.unrequest(spaceId, cr, userId);
        return Response.noContent().build();
    }
}
